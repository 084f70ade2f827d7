// Builds pennon-ctl to run on plain `node dist/main.js`: tsc compiles src/, and the SDK, which the workspace consumes
// as TypeScript, is built into dist/node_modules, where Node finds it from dist/ before the workspace's link.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ctl = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(ctl, '..');
const dist = path.join(ctl, 'dist');
const run = (...args) => execFileSync(process.execPath, args, { cwd: ctl, stdio: 'inherit' });

rmSync(dist, { recursive: true, force: true });
run(path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', dist);
run(path.join(root, 'sdk/scripts/build.mjs'), path.join(dist, 'node_modules/@pennon/sdk'));
console.log(
  `built ${path.relative(process.cwd(), dist)}: node ${path.relative(process.cwd(), dist)}/main.js`,
);
