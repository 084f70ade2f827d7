// Flag submissions on 1, 2 and 3 server processes behind HAProxy on one PostgreSQL and one Redis (issues #29 and
// #47): for each count, on a fresh database, the throughput, the CPU time each part of the platform spends per judged
// flag (the Pennon processes summed; PostgreSQL, Redis, HAProxy and the load generator apart), and, with each process
// held to a fixed CPU share, how the throughput grows with the processes. Then new solves beside scoreboard readers,
// with how soon a solve reaches the board of every process. See README.md beside this file.

import { Worker } from 'node:worker_threads';
import { CookieJar, createNodeClient } from '@pennon/sdk/node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startCluster } from '../../tests/support/cluster.ts';
import { createRunningGame } from '../../tests/support/games.ts';
import { freshnessText, startFreshness } from '../scoring/freshness.ts';
import { generatorName, type LoadResult, load, type Template } from '../scoring/load.ts';
import { postgresBackendsCpu, postgresCpuBetween } from '../scoring/postgres-cpu.ts';
import { processCpuMicros, processWakeups } from '../scoring/proc-cpu.ts';
import { postgres, redisUrl } from './cluster-env.ts';
import { type QuotaGroup, quotaAvailable, quotaGroup } from './cpu-quota.ts';

const counts = (process.env.PENNON_BENCH_PROCESSES ?? '1,2,3').split(',').map(Number);
const phases = new Set((process.env.PENNON_BENCH_PHASES ?? 'wrong,roundtrip,solves').split(','));
type PhaseName = 'wrong' | 'roundtrip' | 'solves';
const phaseTitles: Record<PhaseName, string> = {
  wrong: 'wrong flags, POST only',
  roundtrip: 'wrong flags, round trips',
  solves: 'new solves, round trips',
};
/** Cores per process (PENNON_BENCH_CPU_QUOTA=0.25), each process in a cgroup of its own; unset: no limit. */
const quota = Number(process.env.PENNON_BENCH_CPU_QUOTA) || undefined;
/** PENNON_BENCH_DIRECT=1: the load goes straight to the first process, not through HAProxy. */
const direct = process.env.PENNON_BENCH_DIRECT === '1';
/**
 * Connections in all, or per process (PENNON_BENCH_CONNECTIONS_PER_PROCESS): a closed loop of 64 saturates one
 * process but not three, whose capacity takes three times the requests in flight.
 */
const perProcess = Number(process.env.PENNON_BENCH_CONNECTIONS_PER_PROCESS) || undefined;
const connectionsFor = (processes: number) =>
  perProcess ? perProcess * processes : Number(process.env.PENNON_BENCH_CONNECTIONS ?? 64);
/** The wrong flags go to the first 10 challenges, as in the first runs of this bench (20 teams then). */
const wrongChallenges = 10;
/** Connection c plays for team c; each solves every challenge once. One more team probes how soon solves show. */
const teamCount = Math.max(...counts.map(connectionsFor));
const challengeCount = 100;
const readers = 200;
const warmupMs = 3_000;
const measureMs = Number(process.env.PENNON_BENCH_SECONDS ?? 10) * 1000;
const password = 'Secret123';
const adminPassword = 'Harbour2024';

if (quota && !quotaAvailable()) throw new Error('PENNON_BENCH_CPU_QUOTA needs cgroup v1 `cpu` and root');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU time so far (µs) of each part: the Pennon processes one by one, PostgreSQL, Redis, HAProxy, this process. */
interface CpuSample {
  pennon: number[];
  postgres: number;
  redis: number;
  haproxy: number;
  generator: number;
}

/**
 * Counts the machine's other load leaves alone: PostgreSQL's transactions on the bench's database (each statement
 * outside a transaction is one), Redis's commands and the bytes it sent (the bus: one PUBLISH reaches every process).
 */
interface Counts {
  transactions: number;
  redisCommands: number;
  redisBytesOut: number;
  /** The Pennon processes' main threads waking up (voluntary context switches), all summed. */
  wakeups: number;
  /** Scoreboard rebuilds, all processes summed, and the seconds they took. */
  rebuilds: number;
  rebuildSeconds: number;
}

/** What a phase cost, per judged flag (µs), and how each process used its quota. */
interface Phase {
  result: Pick<LoadResult, 'perSecond' | 'p50' | 'p99' | 'failed'> & { pollsPerFlag?: number };
  judged: number;
  judgedPerSecond: number;
  /** Per judged flag (µs): the Pennon processes summed, each process, and the other parts. */
  perFlag: CpuSample & Counts & { pennonTotal: number };
  /** Per process, the share of its quota it used, and of its periods it was throttled in. */
  quotaUse?: { used: number; throttled: number }[];
}

/** Scoreboard rebuilds so far and the seconds they took, from a process's metrics. */
const rebuildsOf = async (metricsUrl: string) => {
  const text = await (await fetch(metricsUrl)).text();
  const field = (suffix: string) =>
    Number(
      new RegExp(`^pennon_scoreboard_build_duration_seconds_${suffix} ([\\d.e+-]+)$`, 'm').exec(text)?.[1] ??
        0,
    );
  return { rebuilds: field('count'), rebuildSeconds: field('sum') };
};

/** Redis's CPU time (µs), commands and bytes sent so far. */
const redisInfo = async (redis: Redis) => {
  const info = await redis.info();
  const field = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return {
    cpu: (field('used_cpu_user') + field('used_cpu_sys')) * 1e6,
    commands: field('total_commands_processed'),
    bytesOut: field('total_net_output_bytes'),
  };
};

const measure = async (processes: number): Promise<Partial<Record<PhaseName, Phase>>> => {
  const connections = connectionsFor(processes);
  const database = await postgres.create();
  const cluster = await startCluster(
    processes,
    {
      PENNON_DATABASE_URL: database.url,
      PENNON_REDIS_URL: redisUrl,
      PENNON_ADMIN_PASSWORD: adminPassword,
      PENNON_RATE_LIMIT: 'off',
      // The readers all come from HAProxy's address.
      PENNON_HUB_MAX_PER_ADDRESS: String(2 * readers),
    },
    { metrics: true },
  );
  const groups: QuotaGroup[] = quota
    ? cluster.pids().map((_, i) => quotaGroup(`pennon-bench-${process.pid}-${i}`, quota))
    : [];
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const redis = new Redis(redisUrl);
  const databaseName = new URL(database.url).pathname.slice(1);
  const target = direct ? (cluster.urls[0] as string) : cluster.url;
  const sample = async () => {
    const { rows } = await db.query(
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    const info = await redisInfo(redis);
    const rebuilds = await Promise.all(cluster.metricsUrls.map(rebuildsOf));
    return {
      pennon: cluster.pids().map((pid) => processCpuMicros(pid) ?? 0),
      postgres: postgresBackendsCpu(databaseName) ?? new Map<string, number>(),
      redis: info.cpu,
      haproxy: processCpuMicros(cluster.haproxyPid) ?? 0,
      generator: (({ user, system }) => user + system)(process.cpuUsage()),
      transactions: Number(rows[0]?.n),
      redisCommands: info.commands,
      redisBytesOut: info.bytesOut,
      wakeups: cluster
        .pids()
        .map((pid) => processWakeups(pid) ?? 0)
        .reduce((a, b) => a + b, 0),
      rebuilds: rebuilds.reduce((a, b) => a + b.rebuilds, 0),
      rebuildSeconds: rebuilds.reduce((a, b) => a + b.rebuildSeconds, 0),
    };
  };
  const stored = async () => Number((await db.query('SELECT count(*) AS n FROM submissions')).rows[0]?.n);
  const unjudged = async () =>
    Number(
      (await db.query("SELECT count(*) AS n FROM submissions WHERE status = 'FlagSubmitted'")).rows[0]?.n,
    );
  /** Runs the load, waits for the judges to catch up, and divides what each part spent by the flags judged. */
  const phase = async (run: () => Promise<Phase['result']>): Promise<Phase> => {
    const before = await stored();
    const cpuBefore = await sample();
    const throttlingBefore = groups.map((g) => g.throttling());
    const started = Date.now();
    const result = await run();
    while ((await unjudged()) > 0) await sleep(50);
    // The idle time the generator spends opening its connections is not load.
    const seconds = (Date.now() - started - 500) / 1000;
    // PostgreSQL publishes a backend's statistics at most once a second.
    await sleep(1500);
    const cpuAfter = await sample();
    const judged = (await stored()) - before;
    const per = (after: number, was: number) => (after - was) / Math.max(1, judged);
    const pennon = cpuAfter.pennon.map((after, i) => per(after, cpuBefore.pennon[i] as number));
    return {
      result,
      judged,
      judgedPerSecond: judged / seconds,
      perFlag: {
        pennon,
        pennonTotal: pennon.reduce((a, b) => a + b, 0),
        postgres: postgresCpuBetween(cpuBefore.postgres, cpuAfter.postgres) / Math.max(1, judged),
        redis: per(cpuAfter.redis, cpuBefore.redis),
        haproxy: per(cpuAfter.haproxy, cpuBefore.haproxy),
        generator: per(cpuAfter.generator, cpuBefore.generator),
        transactions: per(cpuAfter.transactions, cpuBefore.transactions),
        redisCommands: per(cpuAfter.redisCommands, cpuBefore.redisCommands),
        redisBytesOut: per(cpuAfter.redisBytesOut, cpuBefore.redisBytesOut),
        wakeups: per(cpuAfter.wakeups, cpuBefore.wakeups),
        rebuilds: per(cpuAfter.rebuilds, cpuBefore.rebuilds),
        rebuildSeconds: per(cpuAfter.rebuildSeconds, cpuBefore.rebuildSeconds),
      },
      quotaUse:
        quota === undefined
          ? undefined
          : groups.map((group, i) => {
              const now = group.throttling();
              const was = throttlingBefore[i] as ReturnType<QuotaGroup['throttling']>;
              const used =
                ((cpuAfter.pennon[i] as number) - (cpuBefore.pennon[i] as number)) / 1e6 / seconds / quota;
              return {
                used,
                throttled: (now.throttled - was.throttled) / Math.max(1, now.periods - was.periods),
              };
            }),
    };
  };
  try {
    const admin = createNodeClient({ baseUrl: cluster.url, retry: 0 });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    const gameId = await createRunningGame(admin, 'Scale');
    const challenges: number[] = [];
    for (let i = 0; i < challengeCount; i++) {
      const { id } = await admin.edit.createChallenge(gameId, {
        title: `C${i}`,
        category: 'Misc',
        type: 'StaticAttachment',
      });
      await admin.edit.addFlags(gameId, id, [{ flag: `flag{c${i}}` }]);
      await admin.edit.updateChallenge(gameId, id, { isEnabled: true });
      challenges.push(id);
    }
    const users = Array.from({ length: teamCount + 1 }, (_, i) => ({
      userName: `scale${i}`,
      password,
      email: `scale${i}@example.com`,
    }));
    await admin.admin.createUsers(users);
    const cookies: string[] = [];
    for (const [i, user] of users.entries()) {
      const jar = new CookieJar();
      const player = createNodeClient({ baseUrl: cluster.url, retry: 0, cookieJar: jar });
      await player.account.login({ userName: user.userName, password });
      const team = await player.team.create({ name: `Scale ${i}` });
      await player.game.join(gameId, { teamId: team.id });
      cookies.push(await jar.getCookieString(cluster.url));
    }
    const pathOf = (challenge: number) => `/api/game/${gameId}/challenges/${challenges[challenge]}`;
    /** Wrong flags, each answer different, so every request is a submission to store and judge. */
    const wrong = (round: string): Template[] =>
      Array.from({ length: 20_000 }, (_, k) => ({
        method: 'POST',
        path: pathOf(k % wrongChallenges),
        headers: { cookie: cookies[k % connections] as string, 'content-type': 'application/json' },
        body: JSON.stringify({ flag: `flag{${round}_${k}}` }),
      }));
    /** Round trips as GZ::CTF clients make them: connection c plays for team c. */
    const roundTrips = (correct: boolean) =>
      inWorker<RoundTrips>('../scoring/roundtrip-worker.mjs', {
        origin: target,
        durationMs: measureMs,
        clients: Array.from({ length: connections }, (_, c) => ({
          flags: correct
            ? challenges.map((_, k) => ({ path: pathOf(k), cookie: cookies[c], flag: `flag{c${k}}` }))
            : [{ path: pathOf(c % wrongChallenges), cookie: cookies[c], flag: 'flag{nope}' }],
        })),
      });
    const rows: Partial<Record<PhaseName, Phase>> = {};
    // Held to its share only now: seeding hashes a password per team, which at a quarter of a CPU outlasts the
    // SDK's timeout, and is not what the phases measure.
    for (const [i, pid] of cluster.pids().entries()) groups[i]?.add(pid);
    await load(target, wrong('warm'), { connections, durationMs: warmupMs });
    if (phases.has('wrong'))
      rows.wrong = await phase(() => load(target, wrong('timed'), { connections, durationMs: measureMs }));
    if (phases.has('roundtrip')) rows.roundtrip = await phase(() => roundTrips(false));
    if (phases.has('solves')) {
      const reading = await startReaders(target, gameId);
      const probe = await startFreshness({
        submitOrigin: target,
        boardOrigins: cluster.urls,
        gameId,
        team: `Scale ${teamCount}`,
        flags: challenges.map((_, c) => ({
          path: pathOf(c),
          cookie: cookies[teamCount] as string,
          flag: `flag{c${c}}`,
        })),
      });
      rows.solves = await phase(() => roundTrips(true));
      const freshness = await probe.stop();
      const read = await reading.stop();
      console.log(
        `  ${processes} × new solves: ${freshnessText(freshness)}; readers ${read.reads} reads, ` +
          `${Math.round((100 * read.notModified) / Math.max(1, read.reads))} % 304, ${read.failed} failed`,
      );
    }
    return rows;
  } finally {
    redis.disconnect();
    await db.end();
    await cluster.stop();
    for (const group of groups) group.remove();
    await database.drop();
  }
};

interface RoundTrips {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  pollsPerFlag: number;
}

const inWorker = <T>(file: string, data: object) =>
  new Promise<T>((resolve, reject) => {
    const worker = new Worker(new URL(file, import.meta.url), { workerData: data });
    worker.once('message', resolve);
    worker.once('error', reject);
  });

interface Readers {
  reads: number;
  notModified: number;
  failed: number;
}

/** Scoreboard readers polling once a second with the ETag they have, each on a hub connection. */
const startReaders = async (origin: string, gameId: number) => {
  const worker = new Worker(new URL('../scoring/readers-worker.mjs', import.meta.url), {
    workerData: { origin, gameId, clients: readers, pollMs: 1000 },
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  await next<'ready'>();
  return {
    stop: async () => {
      const done = next<Readers>();
      worker.postMessage('stop');
      return done;
    },
  };
};

const us = (x: number) => `${Math.round(x)}`;
const line = (processes: number, name: string, p: Phase) => {
  const { result, perFlag } = p;
  const quotaText = p.quotaUse
    ? `; quota used ${p.quotaUse.map((q) => `${Math.round(100 * q.used)} %`).join('/')}, throttled in ` +
      `${p.quotaUse.map((q) => `${Math.round(100 * q.throttled)} %`).join('/')} of periods`
    : '';
  return (
    `${processes} × ${name}: ${result.perSecond.toFixed(0)} submissions/s (p50 ${result.p50.toFixed(1)} ms, ` +
    `p99 ${result.p99.toFixed(1)} ms, ${result.failed} failed` +
    `${result.pollsPerFlag === undefined ? '' : `, ${result.pollsPerFlag.toFixed(2)} polls/flag`}), ` +
    `judged ${p.judgedPerSecond.toFixed(0)}/s; ` +
    `CPU µs/flag: Pennon ${us(perFlag.pennonTotal)} (${perFlag.pennon.map(us).join(' + ')}), ` +
    `PostgreSQL ${us(perFlag.postgres)}, Redis ${us(perFlag.redis)}, HAProxy ${us(perFlag.haproxy)}, ` +
    `load generator ${us(perFlag.generator)}; per flag ${perFlag.transactions.toFixed(2)} PostgreSQL ` +
    `transactions, ${perFlag.redisCommands.toFixed(2)} Redis commands, ${us(perFlag.redisBytesOut)} B from Redis, ` +
    `${perFlag.wakeups.toFixed(2)} wake-ups; ${((perFlag.rebuilds * p.judgedPerSecond) / processes).toFixed(1)} board ` +
    `rebuilds/s per process ` +
    `(${((1000 * perFlag.rebuildSeconds) / Math.max(1e-9, perFlag.rebuilds)).toFixed(1)} ms each)` +
    quotaText
  );
};

console.log(
  `scale bench: ${direct ? 'straight to the first process' : 'through HAProxy'}, ` +
    `${perProcess ? `${perProcess} connections per process` : `${connectionsFor(1)} connections`}, ` +
    `${measureMs / 1000} s phases after a ${warmupMs / 1000} s warm-up, generator ${generatorName}, ` +
    `rate limits off${quota ? `, each process held to ${quota} CPU` : ''}`,
);
const rows: { processes: number; phases: Awaited<ReturnType<typeof measure>> }[] = [];
const names = Object.keys(phaseTitles) as PhaseName[];
for (const processes of counts) {
  const measured = await measure(processes);
  rows.push({ processes, phases: measured });
  for (const name of names) {
    const p = measured[name];
    if (p) console.log(line(processes, phaseTitles[name], p));
  }
}
const [first, ...others] = rows;
for (const name of names) {
  const base = first?.phases[name];
  if (!first || !base) continue;
  for (const row of others) {
    const p = row.phases[name];
    if (!p) continue;
    console.log(
      `${phaseTitles[name]}, ${row.processes} against ${first.processes}: ` +
        `throughput ×${(p.judgedPerSecond / base.judgedPerSecond).toFixed(2)}, Pennon CPU per flag ` +
        `×${(p.perFlag.pennonTotal / base.perFlag.pennonTotal).toFixed(2)}`,
    );
  }
}
