// The judge with and without webhooks (issue #46): a burst of solves judged through the real routes, first with no
// endpoint, then with ten endpoints on loopback receivers, one of them dead (it takes each request and never
// answers). Prints flags/s and the submit-to-verdict latency of each, and how long the nine live endpoints took to
// receive every solve. SQLite, then PostgreSQL when PENNON_BENCH_POSTGRES_URL (or PENNON_TEST_POSTGRES_URL) is set.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.ts';
import { connect, migrate } from '../../server/src/db/database.ts';
import { seedAdmin } from '../../server/src/services/admin-seed.ts';
import { readSettings } from '../../server/src/settings.ts';
import { databaseKinds } from '../../server/test/support/databases.ts';

const teamCount = Number(process.env.PENNON_BENCH_TEAMS ?? 50);
const challengeCount = Number(process.env.PENNON_BENCH_CHALLENGES ?? 10);
const hour = 3_600_000;

/** A loopback receiver answering 200 at once, or (`dead`) holding every request open. */
const receiver = async (dead: boolean) => {
  let count = 0;
  let wake = () => {};
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      wake();
      if (!dead) res.writeHead(200).end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: (n: number) =>
      new Promise<void>((resolve) => {
        wake = () => count >= n && resolve();
        wake();
      }),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

const bench = async (kind: { name: string; url: string }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-webhooks-'));
  const settings = readSettings({
    PENNON_DATA_DIR: dir,
    PENNON_WEB_DIR: path.join(dir, 'no-web'),
    PENNON_DATABASE_URL: kind.url,
    PENNON_RATE_LIMIT_EXEMPT: 'loopback',
    PENNON_LOG_LEVEL: 'error',
    PENNON_WEBHOOK_ALLOW_PRIVATE: 'on',
  });
  const connection = connect(settings.databaseUrl, { synchronous: settings.sqliteSynchronous });
  await migrate(connection.db);
  const app: FastifyInstance = await buildApp({ settings, connection });
  await app.ready();
  await seedAdmin(connection.db, { password: 'Bench2024x', announce: () => {} });
  const cookiesOf = async (userName: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName, password },
    });
    return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  };
  const call = async (
    cookies: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => {
    const res = await app.inject({ method, url, cookies, ...(payload && { payload }) });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.body ? res.json() : undefined;
  };
  const admin = await cookiesOf('admin', 'Bench2024x');
  const players: { cookies: Record<string, string>; teamId: number }[] = [];
  for (let n = 0; n < teamCount; n++) {
    const name = `bench${n}`;
    await app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { userName: name, email: `${name}@example.com`, password: 'Bench2024x' },
    });
    const cookies = await cookiesOf(name, 'Bench2024x');
    players.push({ cookies, teamId: (await call(cookies, 'POST', '/api/team', { name: `Team ${n}` })).id });
  }
  /** A running game every team joined, with its challenges. */
  const game = async (title: string) => {
    const { id } = await call(admin, 'POST', '/api/edit/games', {
      title,
      hidden: false,
      acceptWithoutReview: true,
      start: Date.now() - hour,
      end: Date.now() + hour,
    });
    const challenges: number[] = [];
    for (let c = 0; c < challengeCount; c++) {
      const base = `/api/edit/games/${id}/challenges`;
      const challenge = await call(admin, 'POST', base, {
        title: `C${c}`,
        type: 'StaticAttachment',
        category: 'Misc',
      });
      await call(admin, 'POST', `${base}/${challenge.id}/flags`, [{ flag: `flag{c${c}}` }]);
      await call(admin, 'PUT', `${base}/${challenge.id}`, { isEnabled: true });
      challenges.push(challenge.id);
    }
    for (const p of players) await call(p.cookies, 'POST', `/api/game/${id}`, { teamId: p.teamId });
    return { id, challenges };
  };
  /** Every team solves every challenge, each team one flag after another, all teams at once. */
  const burst = async ({ id, challenges }: { id: number; challenges: number[] }) => {
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      players.map(async (p) => {
        for (const [c, challengeId] of challenges.entries()) {
          const sent = performance.now();
          const url = `/api/game/${id}/challenges/${challengeId}`;
          const submission = await call(p.cookies, 'POST', url, { flag: `flag{c${c}}` });
          while ((await call(p.cookies, 'GET', `${url}/status/${submission}`)) === 'FlagSubmitted');
          latencies.push(performance.now() - sent);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      seconds,
      rate: latencies.length / seconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
    };
  };
  const line = (title: string, r: Awaited<ReturnType<typeof burst>>) =>
    console.log(
      `${kind.name.padEnd(8)} ${title.padEnd(34)} ${r.rate.toFixed(0).padStart(5)} flags/s  ` +
        `p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  (${r.seconds.toFixed(2)} s)`,
    );

  const solves = teamCount * challengeCount;
  line('no endpoint', await burst(await game('Before')));
  const receivers = [
    await receiver(true),
    ...(await Promise.all(Array.from({ length: 9 }, () => receiver(false)))),
  ];
  for (const [n, r] of receivers.entries())
    await call(admin, 'POST', '/api/admin/webhooks', {
      name: n === 0 ? 'Dead' : `Live ${n}`,
      url: r.url,
      format: 'json',
      events: ['solve', 'blood.first'],
      gameId: null,
      enabled: true,
    });
  const after = await game('After');
  const sendStarted = performance.now();
  line('10 endpoints, one dead', await burst(after));
  // Each live endpoint gets every solve and the first bloods (one per challenge).
  await Promise.all(receivers.slice(1).map((r) => r.received(solves + challengeCount)));
  console.log(
    `${kind.name.padEnd(8)} ${'all delivered to the 9 live ones'.padEnd(34)} ${((performance.now() - sendStarted) / 1000).toFixed(2)} s after the burst began ` +
      `(${(9 * (solves + challengeCount)).toLocaleString('en')} deliveries)`,
  );
  for (const r of receivers) r.close();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
};

console.log(
  `${teamCount} teams × ${challengeCount} challenges = ${teamCount * challengeCount} solves per burst`,
);
const sqliteDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-webhooks-db-'));
await bench({ name: 'SQLite', url: `sqlite:${path.join(sqliteDir, 'bench.db')}` });
rmSync(sqliteDir, { recursive: true, force: true });
process.env.PENNON_TEST_POSTGRES_URL ??= process.env.PENNON_BENCH_POSTGRES_URL;
const postgres = databaseKinds().find((k) => k.name === 'postgres');
if (postgres) {
  const database = await postgres.create();
  await bench({ name: 'Postgres', url: database.url });
  await database.drop();
}
