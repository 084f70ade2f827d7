// The scoreboard rebuild for 1,000 teams × 100 challenges from 100,000 solves, written straight into a fresh database
// of the bench's kind: only the rows the scoreboard reads are made, solvers included (three per team, whose names every
// solve shows; a team's members and sessions are left out).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, migrate } from '../../server/src/db/database.ts';
import { RenderThread } from '../../server/src/games/render-thread.ts';
import { Scoreboards } from '../../server/src/games/scoreboard.ts';
import type { Snapshot } from '../../server/src/games/scoreboard-snapshot.ts';

const hour = 3_600_000;

/**
 * Prints five rebuilds on the worker thread, each after a new solve, then five from scratch on this thread; each line
 * with its thread's first rebuild, whose code V8 has not optimised yet.
 */
export const measureRebuild = async (databaseUrl: string): Promise<void> => {
  const big = connect(databaseUrl);
  await migrate(big.db);
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
  const teamCount = 1000;
  const membersPerTeam = 3;
  const userIds = Array.from(
    { length: teamCount * membersPerTeam },
    (_, k) => `00000000-0000-4000-8000-${k.toString().padStart(12, '0')}`,
  );
  await chunked(userIds, (chunk) =>
    big.db
      .insertInto('users')
      .values(
        chunk.map((id) => ({
          id,
          user_name: `player-${id.slice(-6)}`,
          normalized_user_name: `PLAYER-${id.slice(-6)}`,
          email: `${id}@example.org`,
          normalized_email: `${id}@EXAMPLE.ORG`,
          password_hash: '',
          role: 'User' as const,
          register_time_utc: now,
          last_visited_utc: now,
          security_stamp: '',
        })),
      )
      .execute(),
  );
  const teamRows = Array.from({ length: teamCount }, (_, i) => ({
    name: `t${i}`,
    normalized_name: `T${i}`,
    bio: null,
    avatar_hash: null,
    invite_token: '0'.repeat(32),
    captain_id: userIds[i * membersPerTeam] as string,
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
  const solveOf = (i: number, j: number) => ({
    p: participations[i] as number,
    c: bigChallenges[j] as number,
    user: userIds[i * membersPerTeam + (j % membersPerTeam)] as string,
    time: now - hour + 1000 + i * 100 + j,
  });
  // The first team's last challenges are solved during the bench, one before each timed rebuild on the worker.
  const added = 5;
  const store = async (chunk: ReturnType<typeof solveOf>[]) => {
    const subs = await big.db
      .insertInto('submissions')
      .values(
        chunk.map((x) => ({
          game_id: bigGame,
          participation_id: x.p,
          challenge_id: x.c,
          user_id: x.user,
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
          user_id: x.user,
        })),
      )
      .execute();
  };
  // Made in place rather than kept for the whole bench: the rebuilds below share this thread's heap.
  await chunked(
    participations.flatMap((_, i) =>
      bigChallenges.map((_, j) => solveOf(i, j)).filter((_, j) => i > 0 || j < bigChallenges.length - added),
    ),
    store,
  );
  // As the server runs it: on a worker thread, which a game's growth starts well ahead (waited for here: until it is
  // ready, rebuilds run on this thread, beside a worker loading its modules). Its first rebuild reads every solve;
  // nine more warm it up, as the rebuilds that followed the game's growth did (a worker starts at 5,000 solves): its
  // first ones run unoptimised code, twice as slow. Each timed one follows a new solve, which is all it reads of them
  // (solve-reader.ts). The main thread's longest stall is what the other requests would wait.
  const thread = new RenderThread(databaseUrl);
  thread.prepareFor(100_000);
  while (!thread.ready) await sleep(50);
  const offloaded = new Scoreboards(big.db, { thread });
  const timed = async (rebuild: () => Promise<unknown>) => {
    const started = performance.now();
    await rebuild();
    return performance.now() - started;
  };
  const warmUp = 10;
  let workerFirst = 0;
  for (let i = 0; i < warmUp; i++) {
    await offloaded.invalidate(bigGame);
    const took = await timed(() => offloaded.get(bigGame));
    if (i === 0) workerFirst = took;
  }
  // Counted, as a worker that fails leaves its renders to the main thread without a word.
  let onWorker = 0;
  const render = thread.render.bind(thread);
  thread.render = async (...args) => {
    const rendered = await render(...args);
    onWorker++;
    return rendered;
  };
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  const afterSolve: number[] = [];
  for (let j = bigChallenges.length - added; j < bigChallenges.length; j++) {
    await store([{ ...solveOf(0, j), time: Date.now() }]);
    await offloaded.invalidate(bigGame);
    afterSolve.push(await timed(() => offloaded.get(bigGame)));
  }
  stalls.disable();
  await thread.close();
  // From scratch, as after a start: each rebuild through a copy of the connection (the same pool), which has read no
  // solve yet; on this thread, once as many have warmed it up.
  const fromScratch: number[] = [];
  let snapshot: Snapshot | undefined;
  for (let i = 0; i < warmUp + 5; i++) {
    fromScratch.push(
      await timed(async () => {
        snapshot = await new Scoreboards(big.db.withoutPlugins()).get(bigGame);
      }),
    );
  }
  const ms = (times: number[]) => times.map((t) => t.toFixed(0)).join(', ');
  console.log(
    `rebuild payload ${(snapshot?.body.length ?? 0) / 1e6} MB, ${snapshot?.model().items.length} teams, ` +
      `${snapshot?.model().items.reduce((n, item) => n + item.solvedCount, 0)} solves`,
  );
  console.log(
    `scoreboard rebuild from scratch (1,000 × 100, 100,000 solves), on this thread: ` +
      `${ms(fromScratch.slice(warmUp))} ms (its first: ${ms(fromScratch.slice(0, 1))} ms)`,
  );
  console.log(
    `after a new solve, on the worker thread (${onWorker} of ${added} there): ${ms(afterSolve)} ms ` +
      `(its first, from scratch: ${ms([workerFirst])} ms); the main thread's longest stall ${(stalls.max / 1e6).toFixed(0)} ms`,
  );
  await big.db.destroy();
};
