// The solves a scoreboard rebuild reads (solve-reader.ts): all of them once, then those added since, unless a solve
// it read is gone or another came in among them, which only a read of them all gets right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScoringSolves } from '../../src/games/scoring.ts';
import { SolveReader } from '../../src/games/solve-reader.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { gameBody, gameClient, type Player, signInAdmin } from './helpers.ts';

/** The solves as rows, in submission order: a read of them all may list them in another order. */
const rows = (solves: ScoringSolves) =>
  solves.submissionId
    .map((submission, i) => ({
      submission,
      participation: solves.participationId[i],
      challenge: solves.challengeId[i],
      time: solves.time[i],
      user: solves.userName[i],
    }))
    .sort((a, b) => a.submission - b.submission);

describe.each(databaseKinds())('the solves of a scoreboard rebuild on $name', (kind) => {
  let t: TestApp;
  let c: ReturnType<typeof gameClient>;
  let gameId: number;
  const challenges: number[] = [];
  const players: Player[] = [];
  const participations: number[] = [];

  /** A correct flag through the API, judged. */
  const solve = async (who: Player, challengeId: number) => {
    const url = `/api/game/${gameId}/challenges/${challengeId}`;
    const id = await c.ok(who.token, 'POST', url, { flag: `flag{${challengeId}}` });
    for (let i = 0; (await c.ok(who.token, 'GET', `${url}/status/${id}`)) === 'FlagSubmitted'; i++) {
      if (i > 500) throw new Error('never judged');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  /** What a reader that has read nothing yet reads. */
  const everything = async () => rows(await new SolveReader(t.connection.db).read(gameId));

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    const base = `/api/edit/games/${gameId}/challenges`;
    for (const title of ['Buoy', 'Anchor', 'Keel']) {
      const { id } = await c.ok(admin, 'POST', base, { title, type: 'StaticAttachment', category: 'Misc' });
      await c.ok(admin, 'POST', `${base}/${id}/flags`, [{ flag: `flag{${id}}` }]);
      await c.ok(admin, 'PUT', `${base}/${id}`, { isEnabled: true });
      challenges.push(id);
    }
    for (const name of ['ida', 'jon', 'kim']) {
      const player = await c.signUp(name);
      await c.ok(player.token, 'POST', `/api/game/${gameId}`, {
        teamId: await c.createTeam(player, `team-${name}`),
      });
      players.push(player);
    }
    const joined = await t.connection.db
      .selectFrom('participations')
      .select('id')
      .where('game_id', '=', gameId)
      .orderBy('id')
      .execute();
    participations.push(...joined.map((p) => p.id));
  });
  afterAll(async () => t?.close());

  it('reads each solve once: a later read adds only the solves stored since', async () => {
    const [ida, jon] = players as [Player, Player];
    const [buoy, anchor] = challenges as [number, number];
    const reader = new SolveReader(t.connection.db);
    expect(rows(await reader.read(gameId))).toEqual([]);
    await solve(ida, buoy);
    await solve(jon, buoy);
    const first = rows(await reader.read(gameId));
    expect(first.map((s) => [s.participation, s.challenge, s.user])).toEqual([
      [participations[0], buoy, 'ida'],
      [participations[1], buoy, 'jon'],
    ]);
    // A solve's time never changes, so a reader never reads it again: changed here behind its back, it shows.
    await t.connection.db
      .updateTable('solves')
      .set({ time: 1 })
      .where('submission_id', '=', first[0]?.submission as number)
      .execute();
    await solve(ida, anchor);
    const second = rows(await reader.read(gameId));
    expect(second.slice(0, 2)).toEqual(first);
    expect(second[2]).toMatchObject({ participation: participations[0], challenge: anchor, user: 'ida' });
    expect((await everything())[0]?.time).toBe(1);
  });

  it('reads them all again when a solve it read is gone, or one came in among them', async () => {
    const { db } = t.connection;
    const [, , keel] = challenges as [number, number, number];
    const reader = new SolveReader(db);
    await reader.read(gameId);
    // Two submissions for Keel, the later one judged first: as when two processes judge at once.
    const submit = async (participation: number, user: string) =>
      await db
        .insertInto('submissions')
        .values({
          game_id: gameId,
          participation_id: participation,
          challenge_id: keel,
          user_id: user,
          answer: `flag{${keel}}`,
          status: 'Accepted',
          time: Date.now(),
        })
        .returning(['id', 'time'])
        .executeTakeFirstOrThrow();
    const userOf = async (name: string) =>
      (await db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id;
    const early = await submit(participations[1] as number, await userOf('jon'));
    const late = await submit(participations[2] as number, await userOf('kim'));
    const record = (s: { id: number; time: number }, participation: number, user: string) =>
      db
        .insertInto('solves')
        .values({
          participation_id: participation,
          challenge_id: keel,
          game_id: gameId,
          submission_id: s.id,
          time: s.time,
          user_id: user,
        })
        .execute();
    await record(late, participations[2] as number, await userOf('kim'));
    expect(rows(await reader.read(gameId))).toEqual(await everything());
    await record(early, participations[1] as number, await userOf('jon'));
    const afterEarly = rows(await reader.read(gameId));
    expect(afterEarly).toEqual(await everything());
    expect(afterEarly.map((s) => s.submission)).toContain(early.id);

    await db.deleteFrom('solves').where('submission_id', '=', early.id).execute();
    const afterDelete = rows(await reader.read(gameId));
    expect(afterDelete).toEqual(await everything());
    expect(afterDelete.map((s) => s.submission)).not.toContain(early.id);
  });

  it('names solvers as they are named now, and none for a deleted account', async () => {
    const { db } = t.connection;
    const reader = new SolveReader(db);
    const names = async () => new Set(rows(await reader.read(gameId)).map((s) => s.user));
    expect(await names()).toEqual(new Set(['ida', 'jon', 'kim']));
    await db.updateTable('users').set({ user_name: 'ida-renamed' }).where('user_name', '=', 'ida').execute();
    expect(await names()).toEqual(new Set(['ida-renamed', 'jon', 'kim']));
    // Deleting an account sets its solves' solver to none; a captain's is refused, so kim hands the team over first.
    const id = async (name: string) =>
      (await db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirstOrThrow()).id;
    const kim = await id('kim');
    await db
      .updateTable('teams')
      .set({ captain_id: await id('jon') })
      .where('captain_id', '=', kim)
      .execute();
    await db.deleteFrom('users').where('id', '=', kim).execute();
    expect(await names()).toEqual(new Set(['ida-renamed', 'jon', null]));
    expect(rows(await reader.read(gameId))).toEqual(await everything());
  });

  it('shows what one server judges on the scoreboard of another on the same database', async () => {
    const [, jon] = players as [Player, Player];
    const [, anchor] = challenges as [number, number];
    const other = gameClient(await t.reopen());
    const solvedByJon = async () => {
      const board = await other.ok(null, 'GET', `/api/game/${gameId}/scoreboard`);
      return board.items.find((i: { name: string }) => i.name === 'team-jon')?.solvedCount as number;
    };
    const before = await solvedByJon();
    await solve(jon, anchor);
    // The other server checks the game's version at most a second after its last look.
    const deadline = Date.now() + 5000;
    while ((await solvedByJon()) === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await solvedByJon()).toBe(before + 1);
  });
});
