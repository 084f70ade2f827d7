// Sustained load, as ratios to a Fastify hello-world measured in the same run (absolute numbers swing with whatever
// else the machine runs). Each phase lasts 20 s at 200 connections:
//  - hello-world: GET / on a bare Fastify in this process, the yardstick;
//  - round trip, wrong flags / new solves: each client POSTs a flag, then polls its status until the verdict, as
//    GZ::CTF clients do (roundtrip-worker.mjs); flags/s and the round trip's p50/p99 over the whole phase;
//  - the same at half load: the 200 clients together send half the flags/s just measured, on a fixed schedule, so
//    the latencies are the server's and not the queue that 200 clients waiting on each other make at saturation;
//    and that schedule against hello-world routes that store and judge nothing: its floor on this machine;
//  - revalidated scoreboard: GET …/scoreboard with the current ETag (304), as browsers poll it;
//  - mixed: new solves' round trips while 500 readers each hold a /hub/user connection and poll the scoreboard once
//    a second (readers-worker.mjs); first with the solvers at saturation, then paced at 100 new solves a second (a
//    big event's first minutes), which is what readers meet at an event.
// Run: npx tsx bench/scoring/sustained.ts [sqlite] [postgres]
//   Both by default: PostgreSQL on the server PENNON_BENCH_POSTGRES_URL (else PENNON_TEST_POSTGRES_URL) names.
//   PENNON_BENCH_FIGURES=roundtrip,revalidated,mixed picks phases; hello-world always runs. Each database runs in a
//   child process of its own. PENNON_* settings in the environment (e.g. PENNON_SQLITE_SYNCHRONOUS, PENNON_REDIS_URL)
//   reach the server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { type Freshness, freshnessText, startFreshness } from './freshness.ts';
import { type LoadResult, load } from './load.ts';
import { postgresCpuMicros } from './postgres-cpu.ts';
import { profiled } from './profile.ts';
import { cookie, freshDatabase, seed } from './seed.ts';
import { type Stalls, watchStalls } from './stalls.ts';

const CONNECTIONS = 200;
/** PENNON_BENCH_SECONDS shortens the phases, for a quick check of the bench itself. */
const PHASE_MS = 1000 * Number(process.env.PENNON_BENCH_SECONDS ?? 20);
const WARM_UP_MS = 3_000;
const READERS = 500;
/** Each connection plays for this many teams, in turn, so that new solves last the phase. */
const TEAMS_PER_CONNECTION = 3;
/** The challenges of the new-solves phase; as many again for the half-load one, the mixed one and the paced mixed one. */
const CHALLENGES = 100;

const postgres = process.env.PENNON_BENCH_POSTGRES_URL ?? process.env.PENNON_TEST_POSTGRES_URL;
const figures = new Set((process.env.PENNON_BENCH_FIGURES ?? 'roundtrip,revalidated,mixed').split(','));

// ---- The parent: one child process per database ----
const dbArg = process.argv.indexOf('--db');
if (dbArg < 0) {
  const asked = process.argv.slice(2).filter((a) => a === 'sqlite' || a === 'postgres');
  const kinds = asked.length > 0 ? asked : postgres ? ['sqlite', 'postgres'] : ['sqlite'];
  for (const kind of kinds) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, process.argv[1] as string, '--db', kind],
      {
        stdio: 'inherit',
        timeout: 900_000,
      },
    );
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  process.exit(0);
}

// ---- The child: one database ----
const kind = process.argv[dbArg + 1];
if (kind === 'postgres' && !postgres) throw new Error('PostgreSQL: set PENNON_BENCH_POSTGRES_URL');
const watchdog = setTimeout(() => {
  console.error('bench: over 1200 s, giving up');
  process.exit(1);
}, 1_200_000);
// Every query the server sends PostgreSQL is a round trip (BEGIN and COMMIT too): counted, as a figure per flag that
// the machine's other load leaves alone. Counted on the driver's client, before the server connects.
let pgQueries = 0;
const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  pgQueries++;
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pgQuery;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-bench-sustained-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
process.on('SIGINT', () => process.exit(130));
const database = await freshDatabase(dataDir, 'sustained', kind === 'postgres' ? postgres : undefined);
/** PostgreSQL's CPU time serving the bench's database so far (µs); undefined on SQLite or where unreadable. */
const postgresCpu = () =>
  kind === 'postgres' ? postgresCpuMicros(new URL(database.url).pathname.slice(1)) : undefined;
const passedOn = Object.entries(process.env).filter(
  (e): e is [string, string] =>
    e[0].startsWith('PENNON_') && !/^PENNON_(TEST|BENCH)_/.test(e[0]) && e[1] !== undefined,
);
const { app, gameId, challengeIds, tokens } = await seed({
  dataDir,
  database,
  // One more team probes how soon its solves reach the scoreboard.
  teams: CONNECTIONS * TEAMS_PER_CONNECTION + 1,
  challenges: 4 * CHALLENGES,
  // The mixed phase's readers all come from 127.0.0.1.
  env: { PENNON_HUB_MAX_PER_ADDRESS: String(2 * READERS), ...Object.fromEntries(passedOn) },
});
const listen = async (server: FastifyInstance): Promise<string> => {
  await server.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
};
const origin = await listen(app);
const settingsShown = passedOn.map(([k, v]) => `${k}=${v}`).join(' ');
console.log(
  `\n== ${database.kind}${settingsShown ? ` (${settingsShown})` : ''}: ${CONNECTIONS} connections, ` +
    `${PHASE_MS / 1000} s phases, ${os.cpus().length} cores`,
);

// ---- Phases ----
// Each line gives this process's CPU time per request or round trip too, server and load generator together (both
// run here, the generator on worker threads): on a machine shared with other work, a steadier count than time.
interface RoundTrips {
  roundTrips: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  pollsPerFlag: number;
  /** The slowest 1 % of round trips, the mean of each part (ms): sent late by the generator, the POST, the polls. */
  slowest: { late: number; post: number; polls: number };
  /** PostgreSQL queries per flag; 0 on SQLite. */
  queriesPerFlag: number;
  /** The CPU time of PostgreSQL's backends serving the bench's database per flag (µs), where it can be read. */
  postgresCpuMicros: number | undefined;
  verdicts: Record<string, number>;
  failed: number;
  /** Share of the phase the load generator's thread waited for a CPU (Linux): its latencies grow by that too. */
  generatorWaitedForCpu: number | undefined;
  /** The longest the load generator's own event loop was held (ms): how late it could have sent or read. */
  generatorLoopMax: number;
  /** This process's CPU time (server and generator threads) per round trip. */
  cpuMicros: number;
  /** What held the server's event loop meanwhile. */
  stalls: Stalls;
}

const inWorker = <T>(file: string, data: object) =>
  new Promise<T>((resolve, reject) => {
    const worker = new Worker(new URL(file, import.meta.url), { workerData: data });
    worker.once('message', resolve);
    worker.once('error', reject);
  });

/**
 * Connection c plays for teams c, c + 200, c + 400 in turn; `correct` sends each of them every challenge of the
 * range once (a new solve each), else a wrong flag to challenge c mod range. `target` is the server sent to.
 */
const roundTrips = async (
  from: number,
  correct: boolean,
  {
    durationMs = PHASE_MS,
    perSecond,
    target = origin,
    name,
  }: { durationMs?: number; perSecond?: number; target?: string; name: string },
): Promise<RoundTrips> => {
  const cpu = process.cpuUsage();
  const queries = pgQueries;
  // Against the hello-world routes no backend works, and the pool's closing ones take their counts along.
  const postgresCpuBefore = target === origin ? postgresCpu() : undefined;
  const watch = watchStalls();
  const work = () =>
    inWorker<Omit<RoundTrips, 'cpuMicros' | 'stalls' | 'queriesPerFlag' | 'postgresCpuMicros'>>(
      './roundtrip-worker.mjs',
      {
        origin: target,
        durationMs,
        perSecond,
        clients: Array.from({ length: CONNECTIONS }, (_, c) => ({
          flags: Array.from(
            { length: correct ? TEAMS_PER_CONNECTION * CHALLENGES : TEAMS_PER_CONNECTION },
            (_, k) => {
              const challenge = from + (correct ? Math.floor(k / TEAMS_PER_CONNECTION) : c % CHALLENGES);
              return {
                path: `/api/game/${gameId}/challenges/${challengeIds[challenge]}`,
                cookie: `${cookie}=${tokens[c + CONNECTIONS * (k % TEAMS_PER_CONNECTION)]}`,
                flag: correct ? `flag{c${challenge}}` : 'flag{nope}',
              };
            },
          ),
        })),
      },
    );
  const result = await profiled(`${kind} ${name}`, work);
  const stalls = watch.stop();
  const { user, system } = process.cpuUsage(cpu);
  return {
    ...result,
    cpuMicros: (user + system) / Math.max(1, result.roundTrips),
    stalls,
    queriesPerFlag: (pgQueries - queries) / Math.max(1, result.roundTrips),
    postgresCpuMicros:
      postgresCpuBefore === undefined
        ? undefined
        : ((postgresCpu() ?? postgresCpuBefore) - postgresCpuBefore) / Math.max(1, result.roundTrips),
  };
};

interface Readers {
  reads: number;
  notModified: number;
  failed: number;
  p50: number;
  p99: number;
  open: number;
  hubMessages: number;
}

/** The paced mixed phase's new solves a second. */
const PACED_SOLVES = 100;

/** The probe team's next challenge to solve: its solves go on from one mixed phase to the next. */
let probed = 0;

/**
 * Round trips of new solves, from challenge `from`, while the readers read and the probe team's solves are timed
 * until the scoreboard shows them; `perSecond` paces the solvers.
 */
const mixed = async (
  from: number,
  perSecond?: number,
): Promise<{ writers: RoundTrips; readers: Readers; freshness: Freshness }> => {
  const worker = new Worker(new URL('./readers-worker.mjs', import.meta.url), {
    workerData: { origin, gameId, clients: READERS, pollMs: 1000 },
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  await next<'ready'>();
  const probeToken = tokens[CONNECTIONS * TEAMS_PER_CONNECTION] as string;
  const probe = await startFreshness({
    submitOrigin: origin,
    boardOrigins: [origin],
    gameId,
    team: `team${CONNECTIONS * TEAMS_PER_CONNECTION}`,
    flags: challengeIds.slice(probed).map((id, k) => ({
      path: `/api/game/${gameId}/challenges/${id}`,
      cookie: `${cookie}=${probeToken}`,
      flag: `flag{c${probed + k}}`,
    })),
  });
  const writers = await roundTrips(from, true, { perSecond, name: `mixed from ${from}` });
  const freshness = await probe.stop();
  probed += freshness.sent;
  const done = next<Readers>();
  worker.postMessage('stop');
  return { writers, readers: await done, freshness };
};

const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
// The round trip's floor: the same requests answered at once, with nothing stored or judged.
let helloSubmissions = 0;
hello.post('/api/game/:game/challenges/:challenge', async () => ++helloSubmissions);
hello.get('/api/game/:game/challenges/:challenge/status/:id', async (_, reply) =>
  reply.type('application/json').send('"WrongAnswer"'),
);
const helloOrigin = await listen(hello);
const helloLoad = () =>
  load(helloOrigin, [{ method: 'GET', path: '/', headers: {} }], {
    connections: CONNECTIONS,
    durationMs: PHASE_MS,
  });

const ms = (x: number) => `${x.toFixed(1)} ms`;
const ratio = (x: number, of: number) => `${(x / of).toFixed(2)}×`;
const percent = (x: number, of: number) => `${((100 * x) / of).toFixed(0)} %`;
const share = (x: number) => `${(100 * x).toFixed(1)} %`;
const stallsText = ({
  stalls: { loopDelay, gc, waitedForCpu },
  generatorWaitedForCpu,
  generatorLoopMax,
}: RoundTrips) =>
  `event loop held p99 ${ms(loopDelay.p99)} / max ${ms(loopDelay.max)} (GC ${gc.count} pauses, max ` +
  `${ms(gc.maxMs)}, ${ms(gc.totalMs)} in all` +
  (waitedForCpu === undefined || generatorWaitedForCpu === undefined
    ? ')'
    : `; waited for a CPU: server ${share(waitedForCpu)}, load generator ${share(generatorWaitedForCpu)} of the phase)`) +
  `, load generator's loop held max ${ms(generatorLoopMax)}`;
const roundTripLine = (name: string, r: RoundTrips, yardstick: LoadResult) =>
  `${name}: ${Math.round(r.perSecond)} flags/s (${percent(r.perSecond, yardstick.perSecond)} of hello-world's req/s), ` +
  `p50 ${ms(r.p50)} (${ratio(r.p50, yardstick.p50)}), p99 ${ms(r.p99)} (${ratio(r.p99, yardstick.p99)}), ` +
  `max ${ms(r.max)} (slowest 1 %: sent ${ms(r.slowest.late)} late, POST ${ms(r.slowest.post)}, polls ` +
  `${ms(r.slowest.polls)}); ${r.pollsPerFlag.toFixed(2)} polls/flag, ` +
  (kind === 'postgres' ? `${r.queriesPerFlag.toFixed(2)} PostgreSQL queries/flag, ` : '') +
  (r.postgresCpuMicros === undefined ? '' : `PostgreSQL CPU ${Math.round(r.postgresCpuMicros)} µs/flag, `) +
  `CPU ${Math.round(r.cpuMicros)} µs/flag ` +
  `(${ratio(r.cpuMicros, yardstick.cpuMicrosPerRequest)}` +
  (r.stalls.ranMs === undefined
    ? ''
    : `; server thread ${Math.round((1000 * r.stalls.ranMs) / Math.max(1, r.roundTrips))} µs/flag`) +
  `), ${stallsText(r)}, ${r.failed} failed, ` +
  `verdicts ${JSON.stringify(r.verdicts)}`;

const yardstick = await helloLoad();
console.log(
  `hello-world: ${Math.round(yardstick.perSecond)} req/s, p50 ${ms(yardstick.p50)}, p99 ${ms(yardstick.p99)} ` +
    `, CPU ${Math.round(yardstick.cpuMicrosPerRequest)} µs/request (${yardstick.generator})`,
);
/**
 * PENNON_BENCH_HALF_LOAD=n: the half-load phases offer n flags/s, and the saturated ones are skipped. A flag's
 * queries and CPU time depend on the rate (batches grow with it), and half of a saturated rate swings with the
 * machine's load: two builds are compared at one schedule.
 */
const fixedRate = Number(process.env.PENNON_BENCH_HALF_LOAD) || undefined;
if (figures.has('roundtrip')) {
  const half = (r: RoundTrips) => Math.round(r.perSecond / 2);
  let rates = { wrong: fixedRate ?? 0, solves: fixedRate ?? 0 };
  if (!fixedRate) {
    // With 200 clients that never pause, even this floor's mean round trip is 200 ÷ its rate.
    console.log(
      roundTripLine(
        'round trip against hello-world (nothing judged)',
        await roundTrips(0, false, { target: helloOrigin, name: 'floor' }),
        yardstick,
      ),
    );
  }
  // A cold server (code not yet optimised, caches still filling) is measured warm, as any server is.
  await roundTrips(0, false, { durationMs: WARM_UP_MS, name: 'warm-up' });
  if (!fixedRate) {
    const wrong = await roundTrips(0, false, { name: 'wrong flags' });
    console.log(roundTripLine('round trip, wrong flags', wrong, yardstick));
    const solves = await roundTrips(0, true, { name: 'new solves' });
    console.log(roundTripLine('round trip, new solves', solves, yardstick));
    rates = { wrong: half(wrong), solves: half(solves) };
  }
  console.log(
    roundTripLine(
      `round trip, wrong flags at half load (${rates.wrong}/s offered)`,
      await roundTrips(0, false, { perSecond: rates.wrong, name: 'wrong flags at half load' }),
      yardstick,
    ),
  );
  console.log(
    roundTripLine(
      `round trip, new solves at half load (${rates.solves}/s offered)`,
      await roundTrips(CHALLENGES, true, { perSecond: rates.solves, name: 'new solves at half load' }),
      yardstick,
    ),
  );
  // The floor at half load: what this machine's scheduling and the generator alone make of the same schedule.
  console.log(
    roundTripLine(
      `round trip against hello-world at half load (${rates.wrong}/s offered)`,
      await roundTrips(0, false, { perSecond: rates.wrong, target: helloOrigin, name: 'floor at half load' }),
      yardstick,
    ),
  );
}
if (figures.has('revalidated')) {
  const boardPath = `/api/game/${gameId}/scoreboard`;
  const etag = (await fetch(`${origin}${boardPath}`)).headers.get('etag') as string;
  const headers = { 'accept-encoding': 'gzip', 'if-none-match': etag };
  const sample = await fetch(`${origin}${boardPath}`, { headers });
  if (sample.status !== 304) throw new Error(`revalidated scoreboard: ${sample.status}, not 304`);
  const board = await load(origin, [{ method: 'GET', path: boardPath, headers }], {
    connections: CONNECTIONS,
    durationMs: PHASE_MS,
  });
  console.log(
    `scoreboard 304: ${Math.round(board.perSecond)} req/s, ${percent(board.perSecond, yardstick.perSecond)} of ` +
      `hello-world; p50 ${ms(board.p50)}, p99 ${ms(board.p99)}, CPU ${Math.round(board.cpuMicrosPerRequest)} µs/request ` +
      `(${ratio(board.cpuMicrosPerRequest, yardstick.cpuMicrosPerRequest)}), ${board.failed} failed`,
  );
}
if (figures.has('mixed')) {
  for (const [name, from, perSecond] of [
    ['mixed', 2 * CHALLENGES, undefined],
    [`mixed at ${PACED_SOLVES} solves/s`, 3 * CHALLENGES, PACED_SOLVES],
  ] as const) {
    const { writers, readers, freshness } = await mixed(from, perSecond);
    console.log(roundTripLine(`${name}: new solves beside ${READERS} readers`, writers, yardstick));
    console.log(
      `${name}: readers made ${readers.reads} scoreboard reads (${percent(readers.notModified, readers.reads)} 304), ` +
        `p50 ${ms(readers.p50)}, p99 ${ms(readers.p99)}, ${readers.failed} failed; ` +
        `${readers.open}/${READERS} hub connections open at the end, ${readers.hubMessages} hub messages`,
    );
    console.log(`${name}: ${freshnessText(freshness)}`);
  }
}
await hello.close();
await app.close();
await database.drop();
clearTimeout(watchdog);
