// `npm run test:stress [-- runs]`: the whole of `npm test`, several times in a row (3 unless told), with stress-ng
// keeping every core busy beside it, as on a developer's machine that runs other work while CI runs. A test that
// depends on wall-clock time fails here first. Stops at the first failing run; prints each run's time.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureStressNg } from './test-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 3);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run test:stress [-- <runs, 3 by default>]');
  process.exit(2);
}
const stressNg = ensureStressNg();
if (!stressNg) {
  console.error('stress-ng is missing: install it (Debian: apt-get install stress-ng)');
  process.exit(1);
}

const cpus = availableParallelism();
const stress = spawn(stressNg, ['--cpu', String(cpus), '--quiet'], { stdio: 'ignore' });
const stop = () => stress.kill('SIGINT');
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
console.log(`▶ stress-ng --cpu ${cpus} beside ${runs} runs of npm test`);

const times = [];
for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  console.log(`\n▶ npm test, run ${run} of ${runs}, under stress-ng`);
  const { status } = spawnSync('node', [path.join(root, 'scripts/test.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  times.push(`${((Date.now() - started) / 60_000).toFixed(1)} min`);
  if (status !== 0) {
    console.error(`\nrun ${run} of ${runs} FAILED under stress-ng (runs: ${times.join(', ')})`);
    process.exit(1);
  }
}
console.log(`\n${runs} of ${runs} runs passed under stress-ng --cpu ${cpus}: ${times.join(', ')}`);
