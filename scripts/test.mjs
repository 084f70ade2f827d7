// `npm test`: every check and every test, against real parts (a browser, SQLite, PostgreSQL and Redis).
// Arguments after `--` go to vitest and skip the lint, type and build steps (e.g. `npm test -- --project server`).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareTestEnvironment } from './test-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestArgs = process.argv.slice(2);
const focused = vitestArgs.length > 0;

const step = (title, cmd, args) => {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  console.log(
    `  ${result.status === 0 ? 'done' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
};

const missing = await prepareTestEnvironment();
if (missing.length > 0) {
  console.error('\nThe tests need what this machine lacks:');
  for (const item of missing) console.error(`  - ${item}`);
  process.exit(1);
}
// Past this point PostgreSQL and Redis are there; the database suites fail rather than skip without PostgreSQL.
process.env.PENNON_TEST_REQUIRE_POSTGRES = '1';
console.log(`Browser: ${process.env.PENNON_TEST_CHROMIUM}`);
console.log(`PostgreSQL: ${process.env.PENNON_TEST_POSTGRES_URL?.replace(/:[^:@/]*@/, ':***@')}`);
console.log(`Redis: ${process.env.PENNON_TEST_REDIS_URL}`);
console.log(`Container engine: ${process.env.PENNON_TEST_DOCKER_SOCKET}`);

if (!focused) {
  const ok =
    step('Format and lint (biome)', 'npx', ['biome', 'check', '--error-on-warnings', '.']) &&
    step('Type check (tsc, every package)', 'npm', ['run', 'typecheck', '--silent']) &&
    step('Build', 'npm', ['run', 'build', '--silent']);
  if (!ok) process.exit(1);
}

const resultsFile = path.join(root, '.vitest-results.json');
rmSync(resultsFile, { force: true });
const passed = step(
  'Tests (vitest: sdk, server, containers, web, widgets, wsrx, extension, security, e2e)',
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...vitestArgs,
  ],
);

if (existsSync(resultsFile)) {
  const r = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
  if (r.numTotalTests === 0) process.exit(1);
}
process.exit(passed ? 0 : 1);
