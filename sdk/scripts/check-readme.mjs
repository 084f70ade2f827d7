// Type-checks the ```ts snippets of the SDK's README and the root README against the SDK's own types (part of
// `npm run typecheck`), so a snippet that no longer compiles fails CI as an example file would. Each snippet becomes a
// module of its own, padded with blank lines so that tsc's line numbers are the README's. The names snippets take
// from their surroundings (a client, a game id, the page's render function) are declared in readme-context.d.ts.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const sdk = resolve(here, '..');
const root = resolve(sdk, '..');
const readmes = [join(sdk, 'README.md'), join(root, 'README.md')];
// Inside the package, so `@pennon/sdk` and its dependencies resolve as they do for the examples.
const out = join(sdk, 'node_modules', '.cache', 'readme-snippets');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
copyFileSync(join(here, 'readme-context.d.ts'), join(out, 'readme-context.d.ts'));

const files = ['readme-context.d.ts'];
for (const readme of readmes) {
  const lines = readFileSync(readme, 'utf8').split('\n');
  const name = relative(root, readme).replaceAll('/', '-');
  let fence = -1;
  for (const [i, line] of lines.entries()) {
    if (fence < 0 && /^```ts\s*$/.test(line)) fence = i;
    else if (fence >= 0 && /^```\s*$/.test(line)) {
      const file = `${name}@${fence + 2}.mts`;
      // `export {}` makes a snippet without imports a module too, so it may use top-level await.
      writeFileSync(
        join(out, file),
        `${'\n'.repeat(fence + 1)}${lines.slice(fence + 1, i).join('\n')}\nexport {};\n`,
      );
      files.push(file);
      fence = -1;
    }
  }
}

writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify({
    extends: join(root, 'tsconfig.base.json'),
    compilerOptions: { lib: ['es2023', 'dom', 'dom.iterable'], types: ['node'] },
    files,
  }),
);
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', out], {
  encoding: 'utf8',
});
if (tsc.status !== 0) {
  process.stdout.write(`${tsc.stdout.replaceAll(`${relative(process.cwd(), out)}/`, '').trimEnd()}\n`);
  process.stderr.write(tsc.stderr);
  console.error('README snippets do not compile: `sdk-README.md@31.mts(35,5)` is line 35 of sdk/README.md');
  process.exit(1);
}
console.log(`README snippets: ${files.length - 1} compile`);
