// The bloods race of tests/e2e/multi-process-exact.test.ts at length (issue #47): PENNON_BENCH_ROUNDS rounds (500
// by default) of PENNON_BENCH_TEAMS teams (12) sending a new challenge's flag at once, through HAProxy to three
// processes on one PostgreSQL and one Redis. Prints every round that did not end with one first, second and third
// blood told alike by the database, each process's notices, hub clients and scoreboard, and the rounds' pace. Then
// PENNON_BENCH_LIMIT_ROUNDS rounds (100) of every team sending three times a challenge's submission limit of wrong
// flags at once: each round that did not end with exactly the limit accepted and stored for every team.
import pg from 'pg';
import { type Arena, closeArena, openArena, playRound } from '../../tests/support/blood-rounds.ts';
import { startCluster } from '../../tests/support/cluster.ts';
import { attemptsQuery, limit, playLimitRound } from '../../tests/support/limit-rounds.ts';
import { postgres, redisUrl } from '../scale/cluster-env.ts';

const rounds = Number(process.env.PENNON_BENCH_ROUNDS ?? 500);
const teams = Number(process.env.PENNON_BENCH_TEAMS ?? 12);
const limitRounds = Number(process.env.PENNON_BENCH_LIMIT_ROUNDS ?? 100);
const adminPassword = 'Harbour2024';

const database = await postgres.create();
const cluster = await startCluster(3, {
  PENNON_DATABASE_URL: database.url,
  PENNON_REDIS_URL: redisUrl,
  PENNON_ADMIN_PASSWORD: adminPassword,
});
const db = new pg.Client({ connectionString: database.url });
let arena: Arena | undefined;
try {
  await db.connect();
  arena = await openArena(cluster, adminPassword, teams, async (challengeId) =>
    (
      await db.query(
        `SELECT t.name FROM solves s JOIN participations p ON p.id = s.participation_id
          JOIN teams t ON t.id = p.team_id WHERE s.challenge_id = $1 AND s.blood IS NOT NULL ORDER BY s.blood`,
        [challengeId],
      )
    ).rows.map((r) => r.name),
  );
  /** Plays `count` rounds, printing each problem; answers how many rounds had one, and their pace. */
  const play = async (count: number, round: (round: number) => Promise<string[]>) => {
    const started = Date.now();
    let failed = 0;
    for (let n = 0; n < count; n++) {
      const problems = await round(n);
      if (problems.length > 0) failed++;
      for (const problem of problems) console.log(problem);
    }
    const seconds = (Date.now() - started) / 1000;
    const pace = `${seconds.toFixed(0)} s (${((seconds * 1000) / Math.max(count, 1)).toFixed(0)} ms a round)`;
    return { failed, pace };
  };
  const playing = arena;
  const bloods = await play(rounds, (round) => playRound(playing, round));
  console.log(
    `${rounds} rounds of ${teams} teams on 3 processes: ${bloods.failed} with a blood wrong or told differently, ` +
      bloods.pace,
  );
  const attempts = async (challengeId: number) => (await db.query(attemptsQuery, [challengeId])).rows;
  const limits = await play(limitRounds, (round) => playLimitRound(playing, attempts, round));
  console.log(
    `${limitRounds} rounds of ${teams} teams sending ${3 * limit} flags at once to a challenge limited to ${limit}: ` +
      `${limits.failed} with a team over or under the limit, ${limits.pace}`,
  );
  process.exitCode = bloods.failed + limits.failed > 0 ? 1 : 0;
} finally {
  await closeArena(arena);
  await db.end();
  await cluster.stop();
  await database.drop();
}
