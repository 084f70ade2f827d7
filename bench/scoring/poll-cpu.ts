// The server's CPU time per status poll (`GET …/status/{submitId}`), the request every flag's round trip ends with:
// its hooks, session check, validation and answer, without sockets or a load generator (Fastify's `inject`, in this
// process), so a cut of a few microseconds shows where the sustained bench's figures swing by a third with the
// machine's load. Waves of 200 polls at once cycle over 400 submissions, so each poll names a path the last 256 did
// not, as a flag's poll names a new submission. Seven rounds of 20,000 polls, printed sorted: take the median.
// Run: npx tsx bench/scoring/poll-cpu.ts             (SQLite; its queries run on this thread and are counted)
//      npx tsx bench/scoring/poll-cpu.ts postgres    (PENNON_BENCH_POSTGRES_URL, else PENNON_TEST_POSTGRES_URL)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cookie, freshDatabase, seed } from './seed.ts';

const TEAMS = 20;
const FLAGS_PER_TEAM = 20;
const WAVE = 200;
const WAVES_PER_ROUND = 100;
const ROUNDS = 7;

const postgres = process.argv.includes('postgres')
  ? (process.env.PENNON_BENCH_POSTGRES_URL ?? process.env.PENNON_TEST_POSTGRES_URL)
  : undefined;
if (process.argv.includes('postgres') && !postgres)
  throw new Error('PostgreSQL: set PENNON_BENCH_POSTGRES_URL');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-bench-poll-'));
const database = await freshDatabase(dataDir, 'poll', postgres);
const { app, gameId, challengeIds, tokens } = await seed({ dataDir, database, teams: TEAMS, challenges: 1 });
const url = `/api/game/${gameId}/challenges/${challengeIds[0]}`;
const polls: { url: string; cookies: Record<string, string> }[] = [];
for (let k = 0; k < FLAGS_PER_TEAM; k++) {
  for (const token of tokens) {
    const cookies = { [cookie]: token };
    const id = (await app.inject({ method: 'POST', url, payload: { flag: `flag{no${k}}` }, cookies })).json();
    polls.push({ url: `${url}/status/${id}`, cookies });
  }
}
let next = 0;
const wave = () =>
  Promise.all(
    Array.from({ length: WAVE }, async () => {
      const poll = polls[next++ % polls.length] as (typeof polls)[number];
      const res = await app.inject({ url: poll.url, cookies: poll.cookies });
      if (res.statusCode !== 200) throw new Error(`${poll.url}: ${res.statusCode} ${res.body}`);
    }),
  );
// A round untimed first: the code optimised, every submission judged.
for (let i = 0; i < WAVES_PER_ROUND; i++) await wave();
const rounds: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const before = process.cpuUsage();
  for (let i = 0; i < WAVES_PER_ROUND; i++) await wave();
  const { user, system } = process.cpuUsage(before);
  rounds.push((user + system) / (WAVE * WAVES_PER_ROUND));
}
rounds.sort((a, b) => a - b);
console.log(
  `${database.kind}: CPU per status poll ${rounds.map((x) => x.toFixed(1)).join(' ')} µs ` +
    `(median ${(rounds[ROUNDS >> 1] as number).toFixed(1)})`,
);
await app.close();
await database.drop();
rmSync(dataDir, { recursive: true, force: true });
