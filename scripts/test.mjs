// `npm test`: every check and every test, against real parts (a browser, SQLite, PostgreSQL and Redis).
// Arguments after `--` go to vitest and skip the lint, type and build steps (e.g. `npm test -- --project server`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
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
console.log(`Browser: ${process.env.PENNON_TEST_CHROMIUM}, ${process.env.PENNON_TEST_FIREFOX}`);
console.log(`PostgreSQL: ${process.env.PENNON_TEST_POSTGRES_URL?.replace(/:[^:@/]*@/, ':***@')}`);
console.log(`Redis: ${process.env.PENNON_TEST_REDIS_URL}`);
console.log(`Container engine: ${process.env.PENNON_TEST_DOCKER_SOCKET}`);

if (!focused) {
  const ok =
    step('Format and lint (biome)', 'npx', ['biome', 'check', '--error-on-warnings', '.']) &&
    step('Import layers (dependency-cruiser, .dependency-cruiser.mjs)', 'npm', [
      'run',
      'imports',
      '--silent',
    ]) &&
    step('Type check (tsc, every package)', 'npm', ['run', 'typecheck', '--silent']) &&
    step('Build', 'npm', ['run', 'build', '--silent']);
  if (!ok) process.exit(1);
}

// Without a focus the suites run in two lanes at once: the end-to-end and security projects (one file at a time,
// each starting real processes and browsers, mostly waiting) beside every other project. On two cores this takes
// about a third less time than one vitest run, which would start the sequential projects only after the rest.
const lanes = focused
  ? [{ name: 'tests', args: vitestArgs }]
  : [
      { name: 'e2e', args: ['--project', 'e2e', '--project', 'security'] },
      {
        name: 'units',
        args: ['sdk', 'server', 'containers', 'image', 'web', 'widgets', 'wsrx', 'extension', 'ctl'].flatMap(
          (p) => ['--project', p],
        ),
      },
    ];

/** A lane runs vitest (or `command`, which passes vitest's arguments on) with `args`, and reports as JSON too. */
const runLane = ({ name, args, command = ['npx', 'vitest'] }) =>
  new Promise((resolve) => {
    const resultsFile = path.join(root, `.vitest-results.${name}.json`);
    rmSync(resultsFile, { force: true });
    const [cmd, ...cmdArgs] = command;
    const child = spawn(
      cmd,
      [
        ...cmdArgs,
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${resultsFile}`,
        ...args,
      ],
      { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // Each line says which lane printed it, since the two lanes' reports interleave.
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) =>
        console.log(lanes.length > 1 ? `[${name}] ${line}` : line),
      );
    }
    child.on('close', (code) => {
      const r = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : null;
      resolve({ name, ok: code === 0, r });
    });
  });

console.log(`\n▶ Tests (vitest: ${lanes.map((l) => l.name).join(' and ')})`);
const started = Date.now();
const results = await Promise.all(lanes.map(runLane));
// Then the smoke lane on Node 24 (its own server deployment and Node, see the script), with the machine to itself.
if (!focused) {
  console.log('\n▶ Node 24 smoke lane (scripts/node24-lane.mjs)');
  results.push(
    await runLane({ name: 'node24', args: [], command: [process.execPath, 'scripts/node24-lane.mjs'] }),
  );
}
let [passedTests, failed, skipped, total] = [0, 0, 0, 0];
// The failures are named again last, since a CI log is often read from its tail only.
const failures = [];
for (const { name, ok, r } of results) {
  if (r) {
    passedTests += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    total += r.numTotalTests;
    for (const file of r.testResults) {
      const where = path.relative(root, file.name);
      if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'))
        failures.push(`${where}: ${file.message.split('\n')[0]}`);
      for (const t of file.assertionResults)
        if (t.status === 'failed')
          failures.push(`${where} › ${t.fullName}: ${(t.failureMessages[0] ?? '').split('\n')[0]}`);
    }
  }
  console.log(`  ${name}: ${ok ? 'done' : 'FAILED'}`);
}
console.log(`  all lanes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\ntests: ${passedTests} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((l) => l.ok) && total > 0 ? 0 : 1);
