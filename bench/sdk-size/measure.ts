// Bundle size of the SDK as a script would ship it: `npx tsx bench/sdk-size/measure.ts [path/to/sdk]`.
// Builds each entry with vite's build() in library mode (ES, minified; then esbuild --minify for the last
// whitespace), dependencies included, into a temp dir, and prints raw and gzip sizes:
// - submit: log in and submit a flag with the two groups it needs (the ≤ 10 KB gzip target);
// - client: the same through `createClient`, which brings every group;
// - full: the whole client entry, every export kept;
// - live, wsrx: those entries (the SignalR client, the wsrx daemon client and controller), every export kept.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { transform } from 'esbuild';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const sdk = path.resolve(process.argv[2] ?? path.join(here, '../../sdk'));
const entry = (name: string) => JSON.stringify(path.join(sdk, 'src', name));
const index = entry('index.ts');

const entries: Record<string, string> = {
  submit: `import { createAccountApi, createGameApi, createRequester } from ${index};
const request = createRequester({ baseUrl: 'https://ctf.example.com' });
await createAccountApi(request).login({ userName: 'alice', password: 'Passw0rd' });
console.log(await createGameApi(request).submit(1, 2, 'flag{x}'));
`,
  client: `import { createClient } from ${index};
const client = createClient({ baseUrl: 'https://ctf.example.com' });
await client.account.login({ userName: 'alice', password: 'Passw0rd' });
console.log(await client.game.submit(1, 2, 'flag{x}'));
`,
  full: `export * from ${index};\n`,
  live: `export * from ${entry('live/index.ts')};\n`,
  wsrx: `export * from ${entry('wsrx/index.ts')};\n`,
};

const bundle = async (dir: string, name: string, source: string): Promise<string> => {
  const entry = path.join(dir, `${name}.entry.ts`);
  writeFileSync(entry, source);
  const outDir = path.join(dir, name);
  await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      lib: { entry, formats: ['es'], fileName: () => `${name}.js` },
      rollupOptions: { external: [] },
    },
  });
  const files = readdirSync(outDir).filter((f) => f.endsWith('.js'));
  const code = files.map((f) => readFileSync(path.join(outDir, f), 'utf8')).join('\n');
  return (await transform(code, { minify: true, format: 'esm' })).code;
};

const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-sdk-size-'));
try {
  console.log(`SDK: ${sdk}`);
  for (const [name, source] of Object.entries(entries)) {
    const code = await bundle(dir, name, source);
    const gzip = gzipSync(code, { level: 9 }).length;
    console.log(
      `${name.padEnd(7)} ${kb(code.length).padStart(9)} min  ${kb(gzip).padStart(8)} gzip (${gzip} B)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
