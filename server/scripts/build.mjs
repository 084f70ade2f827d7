// Builds the server to run on plain `node dist/main.js`, with no TypeScript loader: tsc compiles src/ (same layout,
// so paths taken from `import.meta.url` still land on the repository's files), the worker entries written in
// JavaScript are copied beside it, and the SDK, which the workspace consumes as TypeScript, is built into
// dist/node_modules, where Node finds it from dist/ before the workspace's link to its sources.
// The build is made beside dist/ and swapped in whole: a server running from dist/ (its workers load files later)
// or a reader of it never sees half a build, and a failed build leaves the last one.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(server, '..');
const dist = path.join(server, 'dist');
const next = path.join(server, 'dist.next');
const previous = path.join(server, 'dist.previous');
/** Plain JavaScript the sources load by path (render.worker.js is not: it installs tsx for the sources' worker). */
const javascriptEntries = ['db/wal-checkpointer.worker.js', 'db/wal-checkpoint-pace.js'];
/** The package's bins (package.json): built, they run on plain node, straight from a shell, from any folder. */
const executables = ['main.js', 'cli/main.js'];

const run = (...args) => execFileSync(process.execPath, args, { cwd: server, stdio: 'inherit' });

for (const dir of [next, previous]) rmSync(dir, { recursive: true, force: true });
try {
  run(path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', next);
  for (const file of javascriptEntries) cpSync(path.join(server, 'src', file), path.join(next, file));
  run(path.join(root, 'sdk/scripts/build.mjs'), path.join(next, 'node_modules/@pennon/sdk'));
  for (const file of executables) {
    const target = path.join(next, file);
    writeFileSync(target, `#!/usr/bin/env node\n${readFileSync(target, 'utf8')}`);
    chmodSync(target, 0o755);
  }
  if (existsSync(dist)) renameSync(dist, previous);
  renameSync(next, dist);
} finally {
  for (const dir of [next, previous]) rmSync(dir, { recursive: true, force: true });
}
console.log(
  `built ${path.relative(process.cwd(), dist)}: node ${path.relative(process.cwd(), dist)}/main.js`,
);
