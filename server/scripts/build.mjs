// Builds the server to run on plain `node dist/main.js`, with no TypeScript loader: tsc compiles src/ to dist/ (same
// layout, so paths taken from `import.meta.url` still land on the repository's files), the worker entries written in
// JavaScript are copied beside it, and the SDK, which the workspace consumes as TypeScript, is built and placed in
// dist/node_modules, where Node finds it from dist/ before the workspace's link to its sources.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(server, '..');
const dist = path.join(server, 'dist');
/** Plain JavaScript the sources load by path (render.worker.js is not: it installs tsx for the sources' worker). */
const javascriptEntries = ['db/wal-checkpointer.worker.js'];

const run = (...args) => execFileSync(process.execPath, args, { cwd: server, stdio: 'inherit' });

rmSync(dist, { recursive: true, force: true });
run(path.join(root, 'sdk/scripts/build.mjs'));
cpSync(path.join(root, 'sdk/dist'), path.join(dist, 'node_modules/@pennon/sdk'), { recursive: true });
for (const file of javascriptEntries) cpSync(path.join(server, 'src', file), path.join(dist, file));
// Last, so a dist/main.js (whose age `npm start` compares with the sources') means a whole build.
run(path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json');
console.log(
  `built ${path.relative(process.cwd(), dist)}: node ${path.relative(process.cwd(), dist)}/main.js`,
);
