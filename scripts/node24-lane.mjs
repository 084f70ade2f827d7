// The Node 24 smoke lane of `npm test` (after a build): the server's build, deployed as the image deploys it (its
// production dependencies only, better-sqlite3 compiled for Node 24 against Node 24's headers), started on the
// official Node 24 build; vitest, on Node 24 too, runs tests/node24 against it: sign in, a flag judged, the web client
// in Chromium. The checkout's own node_modules (built for Node 22) is never touched.
// The dependencies are made once per lockfile under $PENNON_NODE24_CACHE (default /var/tmp/pennon-node24), so a
// re-run only copies the build. Arguments go to vitest (`run` unless they name another command).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareTestEnvironment } from './test-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workspaces = ['sdk', 'server', 'web', 'widgets', 'extension', 'wsrx', 'ctl'];
const served = ['server/dist', 'web/dist', 'widgets/dist', 'static'];
const vitestArgs = process.argv.length > 2 ? process.argv.slice(2) : ['run'];

const missing = await prepareTestEnvironment();
if (missing.length > 0) throw new Error(`The Node 24 lane needs: ${missing.join('; ')}`);
for (const dir of served) {
  if (!existsSync(path.join(root, dir))) throw new Error(`${dir} is missing: run \`npm run build\` first`);
}

const nodeDir = execFileSync('bash', [path.join(root, 'scripts/node-dist.sh'), '24'], {
  encoding: 'utf8',
}).trim();
const node = path.join(nodeDir, 'bin/node');
// npm and node-gyp run on Node 24 and build against its headers.
const env = {
  ...process.env,
  PATH: `${nodeDir}/bin${path.delimiter}${process.env.PATH}`,
  npm_config_nodedir: nodeDir,
};
const run = (cmd, args, cwd) => {
  const result = spawnSync(cmd, args, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}`);
};

const cache = process.env.PENNON_NODE24_CACHE || '/var/tmp/pennon-node24';
const key = createHash('sha256')
  .update(readFileSync(path.join(root, 'package-lock.json')))
  .update(nodeDir)
  .digest('hex')
  .slice(0, 16);
const deps = path.join(cache, key);
// Complete once it exists: the staging folder only takes its name when the install has finished.
if (!existsSync(deps)) {
  console.log(`[node24] the server's production dependencies for Node ${key} → ${deps}`);
  mkdirSync(cache, { recursive: true });
  const staging = mkdtempSync(`${deps}.partial-`);
  for (const file of ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)]) {
    cpSync(path.join(root, file), path.join(staging, file));
  }
  // As the image's runtime stage: no install scripts, every native module the server loads ships prebuilt.
  run(
    'npm',
    ['ci', '--omit=dev', '--workspace', 'server', '--ignore-scripts', '--no-audit', '--no-fund'],
    staging,
  );
  try {
    renameSync(staging, deps);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another lane got there first: keep its copy
  }
}

// This run's deployment: the current build, and the dependencies beside it.
const deploy = mkdtempSync(path.join(os.tmpdir(), 'pennon-node24-'));
try {
  for (const dir of served) cpSync(path.join(root, dir), path.join(deploy, dir), { recursive: true });
  for (const file of ['package.json', 'server/package.json'])
    cpSync(path.join(root, file), path.join(deploy, file));
  symlinkSync(path.join(deps, 'node_modules'), path.join(deploy, 'node_modules'));
  const vitest = spawnSync(
    node,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      ...vitestArgs,
      '--config',
      'tests/node24/vitest.config.ts',
    ],
    { cwd: root, env: { ...env, PENNON_NODE24_DEPLOY: deploy }, stdio: 'inherit' },
  );
  process.exitCode = vitest.status ?? 1;
} finally {
  rmSync(deploy, { recursive: true, force: true });
}
