// Builds the package to publish into dist/: ESM with declarations (tsc, tsconfig.build.json), a package.json whose
// exports point at the built files, and the README. Publish with `npm publish sdk/dist`. The workspace itself keeps
// importing src/ (package.json exports), so vite, tsx and vitest need no build. `node scripts/build.mjs DIR` builds
// into DIR instead (the server's build takes a copy of its own, whatever happens to dist/ meanwhile).
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sdk = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.join(sdk, 'dist');
rmSync(dist, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [path.join(sdk, '../node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', dist],
  {
    cwd: sdk,
    stdio: 'inherit',
  },
);

const manifest = JSON.parse(readFileSync(path.join(sdk, 'package.json'), 'utf8'));
/** `./src/live/index.ts` → the built `./live/index.js` and its declarations. */
const built = (source) => {
  const base = source.replace(/^\.\/src\//, './').replace(/\.ts$/, '');
  return { types: `${base}.d.ts`, default: `${base}.js` };
};
const { scripts: _scripts, devDependencies: _dev, ...published } = manifest;
published.exports = Object.fromEntries(
  Object.entries(manifest.exports).map(([subpath, source]) => [subpath, built(source)]),
);
writeFileSync(path.join(dist, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
copyFileSync(path.join(sdk, 'README.md'), path.join(dist, 'README.md'));
console.log(`built ${path.relative(process.cwd(), dist)}: npm publish ${path.relative(process.cwd(), dist)}`);
