// Submissions, judging and the scoreboard on SQLite, measured on this machine:
//  1. judged submissions/s (wrong, then correct) at 200 keep-alive connections, with request latency percentiles;
//  2. the scoreboard rebuild for 1,000 teams × 100 challenges from 100,000 solves;
//  3. GET /api/game/{id}/scoreboard req/s against a bare Fastify hello-world at the same concurrency.
// The load comes from a worker thread (load-worker.mjs, undici keep-alive pools); the server runs with the rate
// limiter off, as the Submit bucket (100, +50/5 s, shared) would otherwise be what is measured.
// Run: npx tsx bench/scoring/bench.ts   (bounded: gives up after 240 s)
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../server/src/app.ts';
import { connect, migrate } from '../../server/src/db/database.ts';
import { Scoreboards } from '../../server/src/games/scoreboard.ts';
import { seedAdmin } from '../../server/src/services/admin-seed.ts';
import { readSettings } from '../../server/src/settings.ts';

const CONNECTIONS = 200;
const TEAMS = 200;
const CHALLENGES = 50;
const PHASE_MS = 5_000;
const cookie = 'GZCTF_Token';

const watchdog = setTimeout(() => {
  console.error('bench: over 240 s, giving up');
  process.exit(1);
}, 240_000);

interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  bytesPerResponse: number;
}

interface Template {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const load = (origin: string, templates: Template[], durationMs = PHASE_MS): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { origin, connections: CONNECTIONS, durationMs, templates },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });

const listen = async (app: FastifyInstance): Promise<string> => {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

const fmt = (r: LoadResult) =>
  `${Math.round(r.perSecond)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ` +
  `statuses ${JSON.stringify(r.statuses)}, ${Math.round(r.bytesPerResponse)} B/response`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-bench-scoring-'));
const settings = readSettings({
  PENNON_DATA_DIR: dataDir,
  PENNON_WEB_DIR: path.join(dataDir, 'no-web'),
  PENNON_DATABASE_URL: `sqlite:${path.join(dataDir, 'bench.db')}`,
  PENNON_RATE_LIMIT: 'off',
});
const connection = connect(settings.databaseUrl);
await migrate(connection.db);
const db = connection.db;
const app = await buildApp({ settings, connection });

// ---- Seed through the API: an admin, a game, its challenges, 200 teams ----
const call = async (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await app.inject({
    method,
    url,
    ...(payload && { payload }),
    ...(token && { cookies: { [cookie]: token } }),
  });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return {
    body: res.body ? res.json() : undefined,
    token: res.cookies.find((c) => c.name === cookie)?.value,
  };
};
await seedAdmin(db, { password: 'Harbour2024', announce: () => {} });
const admin = (await call(null, 'POST', '/api/account/login', { userName: 'admin', password: 'Harbour2024' }))
  .token as string;
const hour = 3_600_000;
const gameId = (
  await call(admin, 'POST', '/api/edit/games', {
    title: 'Bench',
    start: Date.now() - hour,
    end: Date.now() + hour,
    acceptWithoutReview: true,
  })
).body.id as number;
const challengeIds: number[] = [];
for (let i = 0; i < CHALLENGES; i++) {
  const base = `/api/edit/games/${gameId}/challenges`;
  const { id } = (
    await call(admin, 'POST', base, { title: `c${i}`, type: 'StaticAttachment', category: 'Misc' })
  ).body;
  await call(admin, 'POST', `${base}/${id}/flags`, [{ flag: `flag{c${i}}` }]);
  await call(admin, 'PUT', `${base}/${id}`, { isEnabled: true });
  challengeIds.push(id);
}
const tokens: string[] = [];
for (let i = 0; i < TEAMS; i++) {
  const { token } = await call(null, 'POST', '/api/account/register', {
    userName: `player${i}`,
    email: `p${i}@bench.invalid`,
    password: 'Secret123',
  });
  const teamId = (await call(token as string, 'POST', '/api/team', { name: `team${i}` })).body.id;
  await call(token as string, 'POST', `/api/game/${gameId}`, { teamId });
  tokens.push(token as string);
}
console.log(`seeded ${TEAMS} teams × ${CHALLENGES} challenges`);

const origin = await listen(app);
const unjudged = async () =>
  Number(
    (
      await db
        .selectFrom('submissions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', '=', 'FlagSubmitted')
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Requests until the phase ends, then waits for the judge: judged/s counts both. */
const judgedPhase = async (name: string, flagOf: (team: number) => { challenge: number; flag: string }) => {
  const before = await db.selectFrom('submissions').select('id').orderBy('id', 'desc').executeTakeFirst();
  const templates = tokens.map((token, team) => {
    const { challenge, flag } = flagOf(team);
    return {
      method: 'POST' as const,
      path: `/api/game/${gameId}/challenges/${challenge}`,
      headers: { cookie: `${cookie}=${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ flag }),
    };
  });
  const started = performance.now();
  const result = await load(origin, templates);
  while ((await unjudged()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (performance.now() - started) / 1000;
  const judged = Number(
    (
      await db
        .selectFrom('submissions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('id', '>', before?.id ?? 0)
        .executeTakeFirstOrThrow()
    ).n,
  );
  console.log(
    `${name}: ${Math.round(judged / seconds)} judged/s (${judged} in ${seconds.toFixed(1)} s); HTTP ${fmt(result)}`,
  );
};

await judgedPhase('wrong flags', (team) => ({
  challenge: challengeIds[team % CHALLENGES] as number,
  flag: 'flag{nope}',
}));
await judgedPhase('correct flags', (team) => ({
  challenge: challengeIds[team % CHALLENGES] as number,
  flag: `flag{c${team % CHALLENGES}}`,
}));

// ---- Scoreboard GET against hello-world ----
const board = await load(origin, [{ method: 'GET', path: `/api/game/${gameId}/scoreboard`, headers: {} }]);
const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
const helloOrigin = await listen(hello);
const bare = await load(helloOrigin, [{ method: 'GET', path: '/', headers: {} }]);
console.log(`scoreboard GET: ${fmt(board)}`);
console.log(`hello-world GET: ${fmt(bare)}`);
console.log(`scoreboard/hello-world: ${((100 * board.perSecond) / bare.perSecond).toFixed(0)} %`);
await hello.close();
await app.close();

// ---- Rebuild: 1,000 teams × 100 challenges, 100,000 solves, straight into a fresh database ----
const big = connect(`sqlite:${path.join(dataDir, 'rebuild.db')}`);
await migrate(big.db);
// Teams without users behind them: only the rows the scoreboard reads are made.
await sql`PRAGMA foreign_keys = OFF`.execute(big.db);
const now = Date.now();
const { id: bigGame } = await big.db
  .insertInto('games')
  .values({
    title: 'Rebuild',
    summary: '',
    content: '',
    hidden: 0,
    practice_mode: 1,
    accept_without_review: 1,
    invite_code: null,
    start_time: now - hour,
    end_time: now + hour,
    team_member_count_limit: 0,
    container_count_limit: 3,
    poster_hash: null,
    public_key: '',
    private_key: '',
    writeup_required: 0,
    writeup_deadline: now + hour,
    writeup_note: '',
    blood_bonus: 52459530,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const chunked = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) => {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
};
const bigChallenges = (
  await big.db
    .insertInto('challenges')
    .values(
      Array.from({ length: 100 }, (_, i) => ({
        game_id: bigGame,
        title: `c${i}`,
        content: '',
        category: 'Misc' as const,
        type: 'StaticAttachment' as const,
        hints: '[]',
        flag_template: null,
        is_enabled: 1,
        file_name: null,
        attachment_id: null,
        container_image: '',
        memory_limit: 64,
        cpu_count: 1,
        storage_limit: 256,
        expose_port: 80,
        network_mode: 'Open' as const,
        enable_traffic_capture: 0,
        disable_blood_bonus: 0,
        deadline_utc: null,
        submission_limit: 0,
        original_score: 1000,
        min_score_rate: 0.25,
        difficulty: 5,
      })),
    )
    .returning('id')
    .execute()
).map((c) => c.id);
const teamRows = Array.from({ length: 1000 }, (_, i) => ({
  name: `t${i}`,
  bio: null,
  avatar_hash: null,
  invite_token: '0'.repeat(32),
  captain_id: 'nobody',
}));
const participations: number[] = [];
await chunked(teamRows, async (chunk) => {
  const teams = await big.db.insertInto('teams').values(chunk).returning('id').execute();
  const made = await big.db
    .insertInto('participations')
    .values(
      teams.map((t) => ({
        game_id: bigGame,
        team_id: t.id,
        status: 'Accepted' as const,
        division_id: null,
        token: '',
      })),
    )
    .returning('id')
    .execute();
  participations.push(...made.map((p) => p.id));
});
const pairs = participations.flatMap((p, i) =>
  bigChallenges.map((c, j) => ({ p, c, time: now - hour + 1000 + i * 100 + j })),
);
await chunked(pairs, async (chunk) => {
  const subs = await big.db
    .insertInto('submissions')
    .values(
      chunk.map((x) => ({
        game_id: bigGame,
        participation_id: x.p,
        challenge_id: x.c,
        user_id: null,
        answer: 'flag',
        status: 'Accepted' as const,
        time: x.time,
      })),
    )
    .returning('id')
    .execute();
  await big.db
    .insertInto('solves')
    .values(
      chunk.map((x, k) => ({
        participation_id: x.p,
        challenge_id: x.c,
        game_id: bigGame,
        submission_id: (subs[k] as { id: number }).id,
        time: x.time,
      })),
    )
    .execute();
});
const scoreboards = new Scoreboards(big.db);
const times: number[] = [];
for (let i = 0; i < 5; i++) {
  await scoreboards.invalidate(bigGame);
  const started = performance.now();
  const snapshot = await scoreboards.get(bigGame);
  times.push(performance.now() - started);
  if (i === 0)
    console.log(
      `rebuild payload ${(snapshot?.json.length ?? 0) / 1e6} MB, ${snapshot?.model.items.length} teams`,
    );
}
console.log(
  `scoreboard rebuild (1,000 × 100, 100,000 solves): ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
);
await big.db.destroy();
clearTimeout(watchdog);
