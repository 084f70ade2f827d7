// Flag-submission throughput of 1, 2 and 3 server processes behind HAProxy on one PostgreSQL and one Redis (issue
// #29 point 4): the same load through HAProxy for each count, on a fresh database each time, and the scaling factor
// against one process. See README.md beside this file for how to run it and what the numbers mean.
import { CookieJar, createNodeClient } from '@pennon/sdk/node';
import pg from 'pg';
import { databaseKinds } from '../../server/test/support/databases.ts';
import { startCluster } from '../../tests/support/cluster.ts';
import { createRunningGame } from '../../tests/support/games.ts';
import { generatorName, type LoadResult, load, type Template } from '../scoring/load.ts';

const postgresUrl = process.env.PENNON_BENCH_POSTGRES_URL ?? process.env.PENNON_TEST_POSTGRES_URL;
const redisUrl = process.env.PENNON_BENCH_REDIS_URL ?? process.env.PENNON_TEST_REDIS_URL;
if (!postgresUrl || !redisUrl) {
  throw new Error('set PENNON_BENCH_POSTGRES_URL and PENNON_BENCH_REDIS_URL (or the PENNON_TEST_* ones)');
}
process.env.PENNON_TEST_POSTGRES_URL = postgresUrl;
const postgres = databaseKinds().find((kind) => kind.name === 'postgres');
if (!postgres) throw new Error('no PostgreSQL');

const counts = (process.env.PENNON_BENCH_PROCESSES ?? '1,2,3').split(',').map(Number);
const teamCount = 20;
const challengeCount = 10;
const connections = 64;
const warmupMs = 3_000;
const measureMs = Number(process.env.PENNON_BENCH_SECONDS ?? 10) * 1000;
const password = 'Secret123';
const adminPassword = 'Harbour2024';

interface Row {
  processes: number;
  result: LoadResult;
  /** Stored submissions per second, over the load and the judge's catching up after it. */
  judgedPerSecond: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wrong flags from every team, each answer different, so every request is a submission to store and judge. */
const templates = (gameId: number, challenges: number[], cookies: string[], round: string): Template[] =>
  Array.from({ length: 20_000 }, (_, k) => ({
    method: 'POST',
    path: `/api/game/${gameId}/challenges/${challenges[k % challenges.length]}`,
    headers: { cookie: cookies[k % cookies.length] as string, 'content-type': 'application/json' },
    body: JSON.stringify({ flag: `flag{${round}_${k}}` }),
  }));

const measure = async (processes: number): Promise<Row> => {
  const database = await postgres.create();
  const cluster = await startCluster(processes, {
    PENNON_DATABASE_URL: database.url,
    PENNON_REDIS_URL: redisUrl,
    PENNON_ADMIN_PASSWORD: adminPassword,
    PENNON_RATE_LIMIT: 'off',
  });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
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
    const users = Array.from({ length: teamCount }, (_, i) => ({
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
    await load(cluster.url, templates(gameId, challenges, cookies, 'warm'), {
      connections,
      durationMs: warmupMs,
    });
    const stored = async () => Number((await db.query('SELECT count(*) AS n FROM submissions')).rows[0]?.n);
    const before = await stored();
    const started = Date.now();
    const result = await load(cluster.url, templates(gameId, challenges, cookies, 'timed'), {
      connections,
      durationMs: measureMs,
    });
    const unjudged = async () =>
      Number(
        (await db.query("SELECT count(*) AS n FROM submissions WHERE status = 'FlagSubmitted'")).rows[0]?.n,
      );
    while ((await unjudged()) > 0) await sleep(50);
    // The idle time the generator spends opening its connections is not load.
    const seconds = (Date.now() - started - 500) / 1000;
    return { processes, result, judgedPerSecond: ((await stored()) - before) / seconds };
  } finally {
    await db.end();
    await cluster.stop();
    await database.drop();
  }
};

console.log(
  `scale bench: ${teamCount} teams, wrong flags over ${connections} connections through HAProxy, ` +
    `${measureMs / 1000} s after a ${warmupMs / 1000} s warm-up, generator ${generatorName}, rate limits off`,
);
const rows: Row[] = [];
for (const processes of counts) {
  const row = await measure(processes);
  rows.push(row);
  const { result } = row;
  console.log(
    `${processes} process${processes === 1 ? ' ' : 'es'}: ${result.perSecond.toFixed(0)} submissions/s ` +
      `(p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.failed} failed), ` +
      `judged ${row.judgedPerSecond.toFixed(0)}/s`,
  );
}
const base = rows[0]?.result.perSecond ?? 0;
for (const row of rows.slice(1)) {
  console.log(
    `scaling factor ${row.processes}/${rows[0]?.processes}: ${(row.result.perSecond / base).toFixed(2)}`,
  );
}
