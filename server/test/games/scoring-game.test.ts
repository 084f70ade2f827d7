// A whole game through the API (§4.1–§4.3, §4.7, §4.9): submissions judged in the background, the scoreboard
// with retroactive decay and bloods, blood notices, flag sharing, monitoring, the sheets and the CTFtime feed.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migratorOf } from '../../src/db/database.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { gameBody, gameClient, type Method, type Player, signInAdmin } from './helpers.ts';

describe.each(databaseKinds())('a scored game on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  let players: Player[];
  let teams: number[];
  let gameId: number;
  const ids = { web: 0, box: 0 };

  const adminOk = (method: Method, url: string, payload?: unknown) => c.ok(admin, method, url, payload);
  const submit = async (who: Player, challengeId: number, flag: string): Promise<number> =>
    c.ok(who.token, 'POST', `/api/game/${gameId}/challenges/${challengeId}`, { flag });
  /** Polls like the client does, until the judge has spoken. */
  const verdict = async (who: Player, challengeId: number, id: number, game = gameId): Promise<string> => {
    for (let i = 0; i < 500; i++) {
      const status = await c.ok(who.token, 'GET', `/api/game/${game}/challenges/${challengeId}/status/${id}`);
      if (status !== 'FlagSubmitted') return status;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('never judged');
  };
  const judged = async (who: Player, challengeId: number, flag: string) =>
    verdict(who, challengeId, await submit(who, challengeId, flag));
  const teamFlag = async (teamId: number, challengeId: number) =>
    (
      await t.connection.db
        .selectFrom('game_instances')
        .innerJoin('participations', 'participations.id', 'game_instances.participation_id')
        .select('game_instances.flag')
        .where('participations.team_id', '=', teamId)
        .where('game_instances.challenge_id', '=', challengeId)
        .executeTakeFirstOrThrow()
    ).flag as string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    players = [];
    teams = [];
    for (const name of ['ann', 'ben', 'cal']) {
      const player = await c.signUp(name);
      players.push(player);
      teams.push(await c.createTeam(player, `team-${name}`));
    }
    gameId = (
      await adminOk('POST', '/api/edit/games', gameBody({ practiceMode: false, acceptWithoutReview: true }))
    ).id;
    const base = `/api/edit/games/${gameId}/challenges`;
    ids.web = (
      await adminOk('POST', base, { title: 'Lighthouse', type: 'StaticAttachment', category: 'Web' })
    ).id;
    await adminOk('POST', `${base}/${ids.web}/flags`, [{ flag: 'flag{alpha}' }, { flag: 'flag{beta}' }]);
    await adminOk('PUT', `${base}/${ids.web}`, { isEnabled: true });
    ids.box = (
      await adminOk('POST', base, { title: 'Engine room', type: 'DynamicContainer', category: 'Pwn' })
    ).id;
    await adminOk('PUT', `${base}/${ids.box}`, { flagTemplate: 'flag{[TEAM_HASH]}', isEnabled: true });
    for (const [i, player] of players.entries()) {
      await c.ok(player.token, 'POST', `/api/game/${gameId}`, { teamId: teams[i] });
      // First access hands out the team's own flag (§4.8).
      await c.ok(player.token, 'GET', `/api/game/${gameId}/challenges/${ids.box}`);
    }
  });
  afterAll(async () => t?.close());

  it('judges exactly, case-sensitively, and checks the request first', async () => {
    const [ann] = players as [Player];
    expect(await judged(ann, ids.web, 'flag{ALPHA}')).toBe('WrongAnswer');
    expect(await judged(ann, ids.web, ' flag{alpha}')).toBe('WrongAnswer');
    const long = await c.call(ann.token, 'POST', `/api/game/${gameId}/challenges/${ids.web}`, {
      flag: 'x'.repeat(128),
    });
    expect(long.statusCode).toBe(400);
    const missing = await c.call(ann.token, 'POST', `/api/game/${gameId}/challenges/99999`, {
      flag: 'flag{x}',
    });
    expect(missing.statusCode).toBe(404);
    const stranger = await c.signUp('sid');
    const outsider = await c.call(stranger.token, 'POST', `/api/game/${gameId}/challenges/${ids.web}`, {
      flag: 'flag{alpha}',
    });
    expect(outsider.statusCode).toBe(400);
  });

  it('scores with retroactive decay and bloods, and announces the bloods in order', async () => {
    const [ann, ben, cal] = players as [Player, Player, Player];
    expect(await judged(ann, ids.web, 'flag{alpha}')).toBe('Accepted');
    expect(await judged(ben, ids.web, 'flag{beta}')).toBe('Accepted'); // any flag of a static challenge
    expect(await judged(cal, ids.web, 'flag{alpha}')).toBe('Accepted');
    expect(await judged(ann, ids.web, 'flag{alpha}')).toBe('Accepted'); // again: no second solve
    expect(await judged(ann, ids.box, await teamFlag(teams[0] as number, ids.box))).toBe('Accepted');

    // value(3) = ⌊1000·(0.25 + 0.75·e^−0.4)⌋ = 752; bloods +5/+3/+1 % ⇒ 790, 775, 760; the box alone 1050.
    const board = await c.ok(null, 'GET', `/api/game/${gameId}/scoreboard`);
    expect(
      board.items.map((i: { name: string; score: number; rank: number }) => [i.name, i.score, i.rank]),
    ).toEqual([
      ['team-ann', 1840, 1],
      ['team-ben', 775, 2],
      ['team-cal', 760, 3],
    ]);
    // Each solve names its solver and time, as the database's tuples carried them.
    expect(
      board.items[0].solvedChallenges.map((s: { type: string; userName: string; time: number }) => [
        s.type,
        s.userName,
        typeof s.time,
      ]),
    ).toEqual([
      ['FirstBlood', ann.name, 'number'],
      ['FirstBlood', ann.name, 'number'],
    ]);
    expect(board.challenges.Web[0]).toMatchObject({ title: 'Lighthouse', score: 752, solved: 3 });
    expect(board.challenges.Web[0].bloods.map((b: { name: string }) => b.name)).toEqual([
      'team-ann',
      'team-ben',
      'team-cal',
    ]);
    expect(board.timelines[0].teams[0].items.map((i: { score: number }) => i.score)).toEqual([790, 1840]);

    const notices = await t.connection.db
      .selectFrom('game_notices')
      .select(['type', 'values'])
      .where('game_id', '=', gameId)
      .where('type', 'in', ['FirstBlood', 'SecondBlood', 'ThirdBlood'])
      .orderBy('id')
      .execute();
    expect(notices.map((n) => [n.type, JSON.parse(n.values)])).toEqual([
      ['FirstBlood', ['team-ann', 'Lighthouse']],
      ['SecondBlood', ['team-ben', 'Lighthouse']],
      ['ThirdBlood', ['team-cal', 'Lighthouse']],
      ['FirstBlood', ['team-ann', 'Engine room']],
    ]);

    const details = await c.ok(ann.token, 'GET', `/api/game/${gameId}/details`);
    expect(details.rank).toMatchObject({ name: 'team-ann', rank: 1, score: 1840, solvedCount: 2 });
    expect(details.challenges.Web[0]).toMatchObject({ score: 752, solved: 3 });
    const web = await c.ok(ann.token, 'GET', `/api/game/${gameId}/challenges/${ids.web}`);
    expect(web).toMatchObject({ score: 752, attempts: 4 });
    const list = await adminOk('GET', `/api/edit/games/${gameId}/challenges`);
    expect(list.find((x: { id: number }) => x.id === ids.web)).toMatchObject({
      score: 752,
      originalScore: 1000,
    });
    expect(await adminOk('GET', `/api/edit/games/${gameId}/challenges/${ids.web}`)).toMatchObject({
      acceptedCount: 3,
    });
  });

  it('names the solver of every solve, also of those recorded before solves did (migration 0013)', async () => {
    const { db } = t.connection;
    const solvers = () =>
      db
        .selectFrom('solves')
        .innerJoin('submissions', 'submissions.id', 'solves.submission_id')
        .select(['solves.submission_id', 'solves.user_id as solver', 'submissions.user_id as submitter'])
        .where('solves.game_id', '=', gameId)
        .orderBy('solves.submission_id')
        .execute();
    const recorded = await solvers();
    expect(recorded).toHaveLength(4);
    expect(recorded.every((r) => r.solver !== null && r.solver === r.submitter)).toBe(true);
    // Back to before solves named their solvers, and forward again.
    expect((await migratorOf(db).migrateTo('0012_unjudged_index')).error).toBeUndefined();
    await migrate(db);
    expect(await solvers()).toEqual(recorded);
  });

  it("detects a team submitting another team's flag, and reports it as wrong to them", async () => {
    const [ann, ben] = players as [Player, Player];
    const annFlag = await teamFlag(teams[0] as number, ids.box);
    // Nothing ben can read shows ann's flag.
    for (const url of ['details', 'scoreboard', `challenges/${ids.box}`]) {
      expect((await c.call(ben.token, 'GET', `/api/game/${gameId}/${url}`)).body).not.toContain(annFlag);
    }
    const id = await submit(ben, ids.box, annFlag);
    expect(await verdict(ben, ids.box, id)).toBe('WrongAnswer');
    // Only the submitter polls their own submission.
    expect(
      (await c.call(ann.token, 'GET', `/api/game/${gameId}/challenges/${ids.box}/status/${id}`)).statusCode,
    ).toBe(404);
    const cheats = await adminOk('GET', `/api/game/${gameId}/cheatinfo`);
    expect(cheats).toEqual([
      expect.objectContaining({
        ownedTeam: expect.objectContaining({ team: expect.objectContaining({ name: 'team-ann' }) }),
        submitTeam: expect.objectContaining({ team: expect.objectContaining({ name: 'team-ben' }) }),
        submission: expect.objectContaining({ answer: annFlag, status: 'CheatDetected', user: 'ben' }),
      }),
    ]);
    const events = await adminOk('GET', `/api/game/${gameId}/events?hideContainer=true&count=2`);
    expect(events[0]).toMatchObject({
      type: 'CheatDetected',
      values: ['Engine room', 'team-ben', 'team-ann'],
      team: 'team-ben',
    });
    expect(events[1]).toMatchObject({
      type: 'FlagSubmit',
      values: ['WrongAnswer', annFlag, 'Engine room', String(ids.box)],
      user: 'ben',
    });
    // Organisers see it in the admin log too, beside the solves.
    const logs: { msg: string; level: string; name: string; status: string }[] = await adminOk(
      'GET',
      '/api/admin/logs?level=All&count=50',
    );
    expect(logs).toContainEqual(
      expect.objectContaining({
        msg: "team-ben submitted another team's flag for Engine room",
        level: 'Warning',
        name: 'ben',
        status: 'Denied',
      }),
    );
    expect(logs).toContainEqual(
      expect.objectContaining({ msg: 'team-ann solved Lighthouse', level: 'Information', status: 'Success' }),
    );
  });

  it('lets monitors read submissions and sheets, and nobody else', async () => {
    const [ann] = players as [Player];
    for (const path of ['events', 'submissions', 'cheatinfo', 'scoreboardsheet', 'submissionsheet']) {
      expect((await c.call(ann.token, 'GET', `/api/game/${gameId}/${path}`)).statusCode).toBe(403);
      expect((await c.call(null, 'GET', `/api/game/${gameId}/${path}`)).statusCode).toBe(401);
    }
    const accepted = await adminOk('GET', `/api/game/${gameId}/submissions?type=Accepted`);
    expect(accepted).toHaveLength(5);
    expect(accepted[0]).toMatchObject({ status: 'Accepted', challenge: 'Engine room', team: 'team-ann' });
    const all = await adminOk('GET', `/api/game/${gameId}/submissions?count=0`);
    expect(all).toHaveLength(8);
    expect(await adminOk('GET', `/api/game/${gameId}/submissions?count=2&skip=7`)).toHaveLength(1);

    const sheet = await c.call(admin, 'GET', `/api/game/${gameId}/scoreboardsheet`);
    expect(sheet.headers['content-disposition']).toMatch(/"Harbour CTF-Scoreboard-\d+\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]?.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]?.slice(1)).toEqual([
      'Rank',
      'Team',
      'Division',
      'Score',
      'Solved',
      'Adjustments',
      '[Pwn] Engine room',
      '[Web] Lighthouse',
    ]);
    expect(rows[1]?.slice(1)).toEqual([1, 'team-ann', '', 1840, 2, 0, 1050, 790]);

    const subs = await c.call(admin, 'GET', `/api/game/${gameId}/submissionsheet`);
    expect(subs.headers['content-disposition']).toMatch(/"Harbour CTF_Submissions_\d{14}\.xlsx"/);
    const subsBook = new ExcelJS.Workbook();
    await subsBook.xlsx.load(subs.rawPayload as unknown as ArrayBuffer);
    expect(subsBook.worksheets[0]?.rowCount).toBe(9);
  });

  it('answers 304 to a scoreboard the client already has, until something changes', async () => {
    const first = await c.call(null, 'GET', `/api/game/${gameId}/scoreboard`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({
      url: `/api/game/${gameId}/scoreboard`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Still the board's tag, and still to be checked before each use.
    expect(again.headers).toMatchObject({ etag, 'cache-control': 'no-cache, must-revalidate' });
    await adminOk('POST', `/api/edit/games/${gameId}/scoreboard/flush`);
    const after = await t.app.inject({
      url: `/api/game/${gameId}/scoreboard`,
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect((await c.call(null, 'GET', '/api/game/99999/scoreboard')).statusCode).toBe(404);
  });

  it('serves the CTFtime feed', async () => {
    const feed = await c.ok(null, 'GET', `/api/game/${gameId}/ctftime`);
    expect(feed.tasks).toEqual(['Engine room', 'Lighthouse']);
    expect(feed.standings[0]).toMatchObject({ pos: 1, team: 'team-ann', score: 1840 });
    expect(feed.standings[0].taskStats.Lighthouse.points).toBe(790);
  });

  it('recounts solves on updateaccepted, for admins only', async () => {
    const detail = () => adminOk('GET', `/api/edit/games/${gameId}/challenges/${ids.web}`);
    const solve = await t.connection.db
      .selectFrom('solves')
      .selectAll()
      .where('challenge_id', '=', ids.web)
      .orderBy('time', 'desc')
      .executeTakeFirstOrThrow();
    // A change the server did not make (a restore, a tool) is not seen until the counts are rebuilt.
    await t.connection.db.deleteFrom('solves').where('submission_id', '=', solve.submission_id).execute();
    expect((await detail()).acceptedCount).toBe(3);
    const recount = await c.call(admin, 'POST', `/api/edit/games/${gameId}/challenges/updateaccepted`);
    expect(recount.statusCode, recount.body).toBe(200);
    expect((await detail()).acceptedCount).toBe(2);
    await t.connection.db.insertInto('solves').values(solve).execute();
    await adminOk('POST', `/api/edit/games/${gameId}/challenges/updateaccepted`);
    expect((await detail()).acceptedCount).toBe(3);

    const [ann] = players as [Player];
    expect(
      (await c.call(ann.token, 'POST', `/api/edit/games/${gameId}/challenges/updateaccepted`)).statusCode,
    ).toBe(403);
    expect((await c.call(admin, 'POST', '/api/edit/games/99999/challenges/updateaccepted')).statusCode).toBe(
      404,
    );
  });

  it('records one solve per team under 50 concurrent teams plus duplicates, bloods in submit order', async () => {
    const g = (
      await adminOk('POST', '/api/edit/games', gameBody({ title: 'Rush', acceptWithoutReview: true }))
    ).id;
    const cid = (
      await adminOk('POST', `/api/edit/games/${g}/challenges`, {
        title: 'Race',
        type: 'StaticAttachment',
        category: 'Misc',
      })
    ).id;
    await adminOk('POST', `/api/edit/games/${g}/challenges/${cid}/flags`, [{ flag: 'flag{race}' }]);
    await adminOk('PUT', `/api/edit/games/${g}/challenges/${cid}`, { isEnabled: true });
    const racers = await Promise.all(Array.from({ length: 50 }, (_, i) => c.signUp(`racer${i}`)));
    // Team creation admits one request at a time (§1.7), so the teams come one by one.
    for (const [i, p] of racers.entries()) {
      await c.ok(p.token, 'POST', `/api/game/${g}`, { teamId: await c.createTeam(p, `racer-${i}`) });
    }
    const post = (p: Player) =>
      c.ok(p.token, 'POST', `/api/game/${g}/challenges/${cid}`, { flag: 'flag{race}' });
    const first = racers[0] as Player;
    const submitted = await Promise.all([...racers.map(post), post(first), post(first), post(first)]);
    const verdicts = await Promise.all(
      submitted.map((id, i) => verdict(racers[i] ?? first, cid, id as number, g)),
    );
    expect(verdicts.every((v) => v === 'Accepted')).toBe(true);
    const solves = await t.connection.db
      .selectFrom('solves')
      .select(['participation_id', 'submission_id'])
      .where('game_id', '=', g)
      .orderBy('submission_id')
      .execute();
    expect(solves).toHaveLength(50);
    const board = await c.ok(null, 'GET', `/api/game/${g}/scoreboard`);
    expect(board.items).toHaveLength(50);
    expect(board.challenges.Misc[0].solved).toBe(50);
    // Exactly one notice per blood, for three different teams, matching the scoreboard's labels.
    const bloods = await t.connection.db
      .selectFrom('game_notices')
      .select(['type', 'values'])
      .where('game_id', '=', g)
      .where('type', 'in', ['FirstBlood', 'SecondBlood', 'ThirdBlood'])
      .orderBy('id')
      .execute();
    expect(bloods.map((b) => b.type)).toEqual(['FirstBlood', 'SecondBlood', 'ThirdBlood']);
    expect(new Set(bloods.map((b) => JSON.parse(b.values)[0])).size).toBe(3);
    expect(
      board.items.filter((i: { score: number }) => i.score > board.challenges.Misc[0].score),
    ).toHaveLength(3);
  }, 60_000);
});
