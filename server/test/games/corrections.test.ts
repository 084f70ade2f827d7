// Verdict corrections (issue #44) through the API: only admins correct, bad input is a clear 400, an accepted flag
// turned wrong hands its blood to the next solver and a wrong flag turned accepted takes the blood its submit time
// earns; scores, dynamic values, stored bloods, the ETag, the players' notice, the status poll and the audit log
// follow; a repeat changes nothing; a team's solves go in one action.
import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import {
  challengeValue,
  correctedBloodMarker,
  type GameNotice,
  HubMethods,
  type ScoreboardModel,
  type TeamNotice,
} from '@pennon/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awardedScore, unpackBloodBonus } from '../../src/games/scoring.ts';
import { cookieName } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { listen, next } from '../support/hubs.ts';
import { gameBody, gameClient, type Method, type Player, signInAdmin } from './helpers.ts';

/** Polls a submission's verdict through `app` until judged. */
const verdictOn = async (app: Parameters<typeof gameClient>[0], who: Player, url: string, id: number) => {
  for (let i = 0; i < 500; i++) {
    const status = await gameClient(app).ok(who.token, 'GET', `${url}/status/${id}`);
    if (status !== 'FlagSubmitted') return status;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('never judged');
};

const scoring = { originalScore: 500, minScoreRate: 0.25, difficulty: 3 };

describe.each(databaseKinds())('verdict corrections on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  const players: Player[] = [];
  const teams: number[] = [];
  let gameId: number;
  let bonus: [number, number, number];

  const adminOk = (method: Method, url: string, payload?: unknown) => c.ok(admin, method, url, payload);
  const verdictUrl = (submissionId: number) =>
    `/api/edit/games/${gameId}/submissions/${submissionId}/verdict`;
  /** Submits through `app` and polls like the client does; answers the submission id and its verdict. */
  const judged = async (who: Player, challengeId: number, flag: string, app = t.app) => {
    const url = `/api/game/${gameId}/challenges/${challengeId}`;
    const id = (await gameClient(app).ok(who.token, 'POST', url, { flag })) as number;
    return { id, status: await verdictOn(app, who, url, id) };
  };
  const board = async () => {
    const res = await c.call(null, 'GET', `/api/game/${gameId}/scoreboard`);
    expect(res.statusCode, res.body).toBe(200);
    return { model: res.json() as ScoreboardModel, etag: String(res.headers.etag) };
  };
  const challengeOf = (model: ScoreboardModel, id: number) =>
    Object.values(model.challenges)
      .flat()
      .find((ch) => ch?.id === id);
  const bloodNames = (model: ScoreboardModel, id: number) =>
    challengeOf(model, id)?.bloods.map((b) => b.name);
  const storedBloods = async (challengeId: number) =>
    (
      await t.connection.db
        .selectFrom('solves as s')
        .innerJoin('participations as p', 'p.id', 's.participation_id')
        .innerJoin('teams as tm', 'tm.id', 'p.team_id')
        .select(['tm.name', 's.blood'])
        .where('s.challenge_id', '=', challengeId)
        .where('s.blood', 'is not', null)
        .orderBy('s.blood')
        .execute()
    ).map((r) => [r.name, Number(r.blood)]);
  const scoreOf = (model: ScoreboardModel, teamId: number) => model.items.find((i) => i.id === teamId)?.score;
  /** What a solve of the challenge earns with `solved` solves counted and the blood it holds. */
  const earned = (solved: number, blood: 0 | 1 | 2 | 3) =>
    awardedScore(challengeValue(scoring, solved), blood, bonus);
  const notices = async () =>
    (await c.ok(players[0]?.token ?? '', 'GET', `/api/game/${gameId}/notices`)) as GameNotice[];
  /** What corrections did to a player's team, as its members read it later. */
  const teamNotices = async (who: Player) =>
    (await c.ok(who.token, 'GET', `/api/game/${gameId}/team-notices`)) as TeamNotice[];
  const logs = async () =>
    ((await adminOk('GET', '/api/admin/logs?count=100')) as { msg: string }[]).map((l) => l.msg).join('\n');
  const open: HubConnection[] = [];
  /** A player's user hub connection to the game, as the web client opens it. */
  const hub = async (who: Player, at?: string) => {
    base ??= await listen(t.app);
    const connection = new HubConnectionBuilder()
      .withUrl(`${at ?? base}/hub/user?game=${gameId}`, {
        transport: HttpTransportType.WebSockets,
        headers: { cookie: `${cookieName}=${who.token}` },
      })
      .configureLogging(LogLevel.None)
      .build();
    open.push(connection);
    await connection.start();
    return connection;
  };
  let base: string | undefined;
  const newChallenge = async (title: string) => {
    const base = `/api/edit/games/${gameId}/challenges`;
    const { id } = await adminOk('POST', base, { title, type: 'StaticAttachment', category: 'Web' });
    await adminOk('POST', `${base}/${id}/flags`, [{ flag: 'flag{right}' }]);
    await adminOk('PUT', `${base}/${id}`, { ...scoring, isEnabled: true });
    return id as number;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    const game = await adminOk('POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }));
    gameId = game.id;
    bonus = unpackBloodBonus(game.bloodBonus);
    for (const name of ['ann', 'ben', 'cal', 'dan']) {
      const player = await c.signUp(name);
      players.push(player);
      const teamId = await c.createTeam(player, `team-${name}`);
      teams.push(teamId);
      await c.ok(player.token, 'POST', `/api/game/${gameId}`, { teamId });
    }
  });
  afterAll(async () => {
    await Promise.all(open.map((connection) => connection.stop()));
    await t?.close();
  });

  it('is for admins only, and refuses bad input with a 400 {title, status}', async () => {
    const challenge = await newChallenge('Gatehouse');
    const { id } = await judged(players[0] as Player, challenge, 'flag{right}');
    const body = { status: 'WrongAnswer', reason: 'Shared flag' };
    expect((await c.call(null, 'PUT', verdictUrl(id), body)).statusCode).toBe(401);
    expect((await c.call(players[0]?.token ?? '', 'PUT', verdictUrl(id), body)).statusCode).toBe(403);
    const removal = `/api/edit/games/${gameId}/teams/${teams[0]}/solves`;
    expect((await c.call(players[0]?.token ?? '', 'GET', removal)).statusCode).toBe(403);
    expect((await c.call(players[0]?.token ?? '', 'POST', `${removal}/remove`, body)).statusCode).toBe(403);
    for (const bad of [
      { status: 'CheatDetected', reason: 'No' },
      { status: 'WrongAnswer', reason: '  ' },
      { status: 'WrongAnswer' },
      { status: 'Accepted', reason: 'x'.repeat(201) },
    ]) {
      const res = await c.call(admin, 'PUT', verdictUrl(id), bad);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ title: expect.any(String), status: 400 });
    }
    expect((await c.call(admin, 'PUT', verdictUrl(999_999), body)).json()).toEqual({
      title: 'Submission not found',
      status: 404,
    });
    expect((await c.call(admin, 'GET', `/api/edit/games/${gameId}/teams/999999/solves`)).statusCode).toBe(
      404,
    );
    // Nothing was corrected.
    expect(await storedBloods(challenge)).toEqual([['team-ann', 1]]);
  });

  it('turns an accepted flag wrong: its blood moves to the next solver, totals and values follow', async () => {
    const challenge = await newChallenge('Lighthouse');
    const solves = [];
    for (const player of players) solves.push(await judged(player, challenge, 'flag{right}'));
    expect(solves.map((s) => s.status)).toEqual(['Accepted', 'Accepted', 'Accepted', 'Accepted']);
    const before = await board();
    expect(bloodNames(before.model, challenge)).toEqual(['team-ann', 'team-ben', 'team-cal']);
    expect(challengeOf(before.model, challenge)?.solved).toBe(4);
    const noticesBefore = (await notices()).length;

    const [annHub, benHub] = [await hub(players[0] as Player), await hub(players[1] as Player)];
    const annHears = next<TeamNotice>(annHub, HubMethods.teamNotice, 20_000);
    // Ben's connection gets the blood notices, and no team notice before them.
    const benHears = new Promise<TeamNotice | undefined>((resolve) => {
      benHub.on(HubMethods.teamNotice, resolve);
      benHub.on(HubMethods.notice, (n: GameNotice) => {
        if (n.type === 'ThirdBlood') resolve(undefined);
      });
    });
    const annSolve = (solves[0] as { id: number }).id;
    const body = { status: 'WrongAnswer', reason: 'Flag shared in a public channel' };
    expect(await adminOk('PUT', verdictUrl(annSolve), body)).toEqual({
      submissionId: annSolve,
      status: 'WrongAnswer',
      changed: true,
    });

    const after = await board();
    expect(after.etag).not.toBe(before.etag);
    expect(bloodNames(after.model, challenge)).toEqual(['team-ben', 'team-cal', 'team-dan']);
    expect(challengeOf(after.model, challenge)?.solved).toBe(3);
    expect(challengeOf(after.model, challenge)?.score).toBe(challengeValue(scoring, 3));
    expect(await storedBloods(challenge)).toEqual([
      ['team-ben', 1],
      ['team-cal', 2],
      ['team-dan', 3],
    ]);
    // Ann keeps only her Gatehouse first blood (one solve of it); the others' Lighthouse solves are worth more now.
    const gatehouse = earned(1, 1);
    expect(scoreOf(after.model, teams[0] as number)).toBe(gatehouse);
    expect(scoreOf(after.model, teams[1] as number)).toBe(earned(3, 1));
    expect(scoreOf(after.model, teams[3] as number)).toBe(earned(3, 3));
    // The player's own poll and the monitor's list tell the new verdict.
    const ann = players[0] as Player;
    expect(
      await c.ok(ann.token, 'GET', `/api/game/${gameId}/challenges/${challenge}/status/${annSolve}`),
    ).toBe('WrongAnswer');
    const listed = (await adminOk('GET', `/api/game/${gameId}/submissions?count=0`)) as {
      id: number;
      status: string;
    }[];
    expect(listed.find((s) => s.id === annSolve)?.status).toBe('WrongAnswer');
    // Every team learns who holds the bloods now, by the usual blood notices, marked; not who lost one, nor why.
    const told = (await notices()).slice(0, -noticesBefore || undefined);
    expect(told.map((n) => [n.type, ...n.values]).sort()).toEqual([
      ['FirstBlood', 'team-ben', 'Lighthouse', correctedBloodMarker],
      ['SecondBlood', 'team-cal', 'Lighthouse', correctedBloodMarker],
      ['ThirdBlood', 'team-dan', 'Lighthouse', correctedBloodMarker],
    ]);
    expect(JSON.stringify(told)).not.toMatch(/team-ann|Flag shared/);
    // Ann's team alone hears what happened to its flag, live.
    const annHeard = await annHears;
    expect(annHeard).toEqual({
      id: expect.any(Number),
      type: 'VerdictCorrected',
      submissionId: annSolve,
      challengeId: challenge,
      challenge: 'Lighthouse',
      status: 'WrongAnswer',
      reason: 'Flag shared in a public channel',
      time: expect.any(Number),
    });
    expect(await benHears).toBeUndefined();
    // And it is kept for Ann's team, for a member who was not online; Ben's team has none.
    expect(await teamNotices(ann)).toEqual([annHeard]);
    expect(await teamNotices(players[1] as Player)).toEqual([]);
    expect(await logs()).toContain(
      `Corrected the verdict of submission #${annSolve} (team "team-ann", challenge "Lighthouse") in game #${gameId} from Accepted to WrongAnswer: Flag shared in a public channel`,
    );

    // The same correction again changes nothing: no version, notice or log entry.
    expect(await adminOk('PUT', verdictUrl(annSolve), body)).toMatchObject({ changed: false });
    expect((await board()).etag).toBe(after.etag);
    expect((await notices()).length).toBe(noticesBefore + 3);
    expect((await logs()).split(`Corrected the verdict of submission #${annSolve} `).length).toBe(2);
    expect(await teamNotices(ann)).toEqual([annHeard]);
  });

  it('turns a wrong flag accepted: the solve and the blood its submit time earns', async () => {
    const challenge = await newChallenge('Engine room');
    const [ann, ben, cal, dan] = players as [Player, Player, Player, Player];
    const typo = await judged(ann, challenge, 'flag{rigth}');
    expect(typo.status).toBe('WrongAnswer');
    for (const player of [ben, cal, dan])
      expect((await judged(player, challenge, 'flag{right}')).status).toBe('Accepted');
    expect(await storedBloods(challenge)).toEqual([
      ['team-ben', 1],
      ['team-cal', 2],
      ['team-dan', 3],
    ]);
    const before = await board();

    const body = { status: 'Accepted', reason: 'The flag was mistyped in the challenge' };
    expect(await adminOk('PUT', verdictUrl(typo.id), body)).toMatchObject({ changed: true });
    const after = await board();
    expect(after.etag).not.toBe(before.etag);
    expect(bloodNames(after.model, challenge)).toEqual(['team-ann', 'team-ben', 'team-cal']);
    expect(await storedBloods(challenge)).toEqual([
      ['team-ann', 1],
      ['team-ben', 2],
      ['team-cal', 3],
    ]);
    expect(challengeOf(after.model, challenge)?.solved).toBe(4);
    const annLine = after.model.items.find((i) => i.id === teams[0]);
    expect(annLine?.solvedChallenges.find((s) => s.id === challenge)).toMatchObject({
      type: 'FirstBlood',
      score: earned(4, 1),
    });
    expect(
      await c.ok(ann.token, 'GET', `/api/game/${gameId}/challenges/${challenge}/status/${typo.id}`),
    ).toBe('Accepted');
    expect(await adminOk('PUT', verdictUrl(typo.id), body)).toMatchObject({ changed: false });
    expect((await board()).etag).toBe(after.etag);

    // Back to wrong: exactly the bloods it had before.
    await adminOk('PUT', verdictUrl(typo.id), { status: 'WrongAnswer', reason: 'Wrong call' });
    expect(await storedBloods(challenge)).toEqual([
      ['team-ben', 1],
      ['team-cal', 2],
      ['team-dan', 3],
    ]);
  });

  it("removes a team's solves in one action: bloods move on, the count is told first", async () => {
    const ben = teams[1] as number;
    const url = `/api/edit/games/${gameId}/teams/${ben}/solves`;
    const held = await adminOk('GET', url);
    expect(held).toEqual({ teamId: ben, teamName: 'team-ben', solves: 2 });
    const body = { reason: 'Flag sharing with team-cal' };
    const benHears = next<TeamNotice>(await hub(players[1] as Player), HubMethods.teamNotice, 20_000);
    const noticesBefore = (await notices()).length;
    expect(await adminOk('POST', `${url}/remove`, body)).toEqual({ ...held, solves: 2 });
    const benHeard = await benHears;
    expect(benHeard).toEqual({
      id: expect.any(Number),
      type: 'SolvesRemoved',
      solves: 2,
      reason: 'Flag sharing with team-cal',
      time: expect.any(Number),
    });
    expect(await teamNotices(players[1] as Player)).toEqual([benHeard]);
    // Ben's bloods went to cal and dan: every team reads the bloods as they stand, and nothing of ben.
    const told = (await notices()).slice(0, -noticesBefore || undefined);
    expect(told.map((n) => [n.type, ...n.values]).sort()).toEqual([
      ['FirstBlood', 'team-cal', 'Engine room', correctedBloodMarker],
      ['FirstBlood', 'team-cal', 'Lighthouse', correctedBloodMarker],
      ['SecondBlood', 'team-dan', 'Engine room', correctedBloodMarker],
      ['SecondBlood', 'team-dan', 'Lighthouse', correctedBloodMarker],
    ]);
    expect(JSON.stringify(told)).not.toMatch(/team-ben|Flag sharing/);
    const after = await board();
    expect(scoreOf(after.model, ben)).toBe(0);
    const [lighthouse, engine] = (await t.connection.db
      .selectFrom('challenges')
      .select('id')
      .where('title', 'in', ['Lighthouse', 'Engine room'])
      .orderBy('title', 'desc')
      .execute()) as [{ id: number }, { id: number }];
    expect(await storedBloods(lighthouse.id)).toEqual([
      ['team-cal', 1],
      ['team-dan', 2],
    ]);
    expect(await storedBloods(engine.id)).toEqual([
      ['team-cal', 1],
      ['team-dan', 2],
    ]);
    const statuses = await t.connection.db
      .selectFrom('submissions as s')
      .innerJoin('participations as p', 'p.id', 's.participation_id')
      .select('s.status')
      .where('p.team_id', '=', ben)
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['CheatDetected', 'CheatDetected']);
    expect(await logs()).toContain(
      `Removed 2 solve(s) of team "team-ben" in game #${gameId}: Flag sharing with team-cal`,
    );
    // Again: nothing left to remove.
    expect(await adminOk('POST', `${url}/remove`, body)).toEqual({ ...held, solves: 0 });
    expect(await adminOk('GET', url)).toEqual({ ...held, solves: 0 });
  });

  it('tells only the team during a freeze, across processes: no notice reveals a frozen solve', async () => {
    const challenge = await newChallenge('Signal tower');
    const settings = (freezeAt: number | null) => gameBody({ acceptWithoutReview: true, freezeAt });
    await adminOk('PUT', `/api/edit/games/${gameId}`, settings(Date.now()));
    const [ann, , cal] = players as [Player, Player, Player];
    const annSolve = await judged(ann, challenge, 'flag{right}');
    await judged(cal, challenge, 'flag{right}');
    const before = await notices();
    // On PostgreSQL through another process; one SQLite server has no other to tell (live/sqlite-bus.ts).
    const elsewhere = kind.name === 'postgres' ? await listen(await t.reopen()) : undefined;
    const annHears = next<TeamNotice>(await hub(ann, elsewhere), HubMethods.teamNotice, 20_000);
    await adminOk('PUT', verdictUrl(annSolve.id), { status: 'WrongAnswer', reason: 'Late review' });
    expect(await storedBloods(challenge)).toEqual([['team-cal', 1]]);
    expect(await annHears).toMatchObject({
      type: 'VerdictCorrected',
      challenge: 'Signal tower',
      status: 'WrongAnswer',
    });
    // Cal's blood came after the freeze: no one else may learn of it.
    expect(await notices()).toEqual(before);
    await adminOk('PUT', `/api/edit/games/${gameId}`, settings(null));
  });

  it('moves bloods exactly while another process judges the same challenge', async () => {
    const other = await t.reopen();
    const challenge = await newChallenge('Twin harbour');
    const [ann, ben, cal] = players as [Player, Player, Player];
    const annSolve = await judged(ann, challenge, 'flag{right}');
    await judged(ben, challenge, 'flag{right}');
    // The correction here and cal's flag on the other server at once: whichever commits first, the other sees it.
    const [, calSolve] = await Promise.all([
      adminOk('PUT', verdictUrl(annSolve.id), { status: 'WrongAnswer', reason: 'Race' }),
      judged(cal, challenge, 'flag{right}', other),
    ]);
    expect(calSolve.status).toBe('Accepted');
    expect(await storedBloods(challenge)).toEqual([
      ['team-ben', 1],
      ['team-cal', 2],
    ]);
    // The other server's board follows once it hears of the change.
    await expect
      .poll(async () => {
        const seen = await gameClient(other).call(null, 'GET', `/api/game/${gameId}/scoreboard`);
        return bloodNames(seen.json() as ScoreboardModel, challenge);
      })
      .toEqual(['team-ben', 'team-cal']);
  });

  it('tells everyone of corrected bloods after the end once the board hides nothing', async () => {
    const challenge = await newChallenge('Breakwater');
    const [ann, ben] = players as [Player, Player];
    const annSolve = (await judged(ann, challenge, 'flag{right}')).id;
    await judged(ben, challenge, 'flag{right}');
    // The end comes just after the solves (a solve after it earns no blood), and has passed.
    const end = Date.now() + 1;
    while (Date.now() <= end) await new Promise((resolve) => setTimeout(resolve, 1));
    const hour = 3_600_000;
    const ended = (freezeAt: number | null) =>
      gameBody({ acceptWithoutReview: true, start: end - hour, end, freezeAt });
    /** The notices posted by `correct`, as [type, ...values]. */
    const toldBy = async (correct: () => Promise<unknown>) => {
      const before = new Set((await notices()).map((n) => n.id));
      await correct();
      return (await notices()).filter((n) => !before.has(n.id)).map((n) => [n.type, ...n.values]);
    };
    const correct = (status: 'Accepted' | 'WrongAnswer') => () =>
      adminOk('PUT', verdictUrl(annSolve), { status, reason: 'Review after the end' });

    // Ended without a freeze: nothing is hidden, so the bloods as they now stand are told.
    await adminOk('PUT', `/api/edit/games/${gameId}`, ended(null));
    expect(await toldBy(correct('WrongAnswer'))).toEqual([
      ['FirstBlood', 'team-ben', 'Breakwater', correctedBloodMarker],
    ]);
    // Ended with its board frozen: the solves are hidden until the reveal, and so are their bloods.
    await adminOk('PUT', `/api/edit/games/${gameId}`, ended(end - hour / 2));
    expect(await toldBy(correct('Accepted'))).toEqual([]);
    await adminOk('POST', `/api/edit/games/${gameId}/scoreboard/reveal`);
    expect((await toldBy(correct('WrongAnswer'))).sort()).toEqual([
      ['FirstBlood', 'team-ben', 'Breakwater', correctedBloodMarker],
    ]);
    await adminOk(
      'PUT',
      `/api/edit/games/${gameId}`,
      gameBody({ acceptWithoutReview: true, freezeAt: null }),
    );
  });

  it("keeps a team's notices for its members alone, newest first, after the end too", async () => {
    const ann = players[0] as Player;
    const kept = await teamNotices(ann);
    // Every correction of Ann's flags above, the last (after the end) first.
    expect(kept[0]).toMatchObject({
      type: 'VerdictCorrected',
      challenge: 'Breakwater',
      status: 'WrongAnswer',
    });
    expect(kept.map((n) => n.id)).toEqual(kept.map((n) => n.id).sort((a, b) => b - a));
    expect(kept.map((n) => n.type === 'VerdictCorrected' && n.challenge)).toContain('Signal tower');
    // Each player reads its own team's only.
    expect((await teamNotices(players[2] as Player)).length).toBe(0);
    const url = `/api/game/${gameId}/team-notices`;
    expect((await c.call(null, 'GET', url)).statusCode).toBe(401);
    const eve = await c.signUp('eve');
    expect((await c.call(eve.token, 'GET', url)).json()).toEqual({
      title: 'You have not joined this game',
      status: 400,
    });
    expect((await c.call(eve.token, 'GET', '/api/game/999999/team-notices')).json()).toEqual({
      title: 'Game not found',
      status: 404,
    });
  });
});
