// Scoreboard freeze (issue #44): once a game is frozen, a team's solves reach no public or other team's surface (the
// board's JSON, ETag and size, challenge counts and values, the team line, the CTFtime feed, notices, hub pushes);
// the solver sees them marked, admins and monitors see the live board, and after the end one audit-logged reveal
// makes the final board public. On SQLite, PostgreSQL, and two processes sharing PostgreSQL through Redis.
import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type {
  GameDetailModel,
  GameNotice,
  LogMessageModel,
  ScoreboardModel,
  ScoreboardUpdate,
} from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieName } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { listen, next } from '../support/hubs.ts';
import { gameBody, gameClient, type Player, signInAdmin, verdictOn } from './helpers.ts';

const redisUrl = process.env.PENNON_TEST_REDIS_URL;

const setups = [
  ...databaseKinds().map((kind) => ({ name: `one process on ${kind.name}`, kind, env: {}, processes: 1 })),
  ...(redisUrl
    ? databaseKinds()
        .filter((kind) => kind.name === 'postgres')
        .map((kind) => ({
          name: 'two processes on PostgreSQL and Redis',
          kind,
          env: { PENNON_REDIS_URL: redisUrl },
          processes: 2,
        }))
    : []),
];

describe.each(setups)('scoreboard freeze, $name', ({ kind, env, processes }) => {
  let t: TestApp;
  /** Where players read and listen: the other process when there are two (solves go through `t.app`). */
  let watched: FastifyInstance;
  let base: string;
  let admin: string;
  let monitor: Player;
  let ann: Player;
  let ben: Player;
  let gameId: number;
  let settings: ReturnType<typeof gameBody>;
  const challenges: number[] = [];
  const open: HubConnection[] = [];

  const c = () => gameClient(watched);
  const connect = async (token?: string, game = gameId) => {
    const connection = new HubConnectionBuilder()
      .withUrl(`${base}/hub/user?game=${game}&scoreboard=true`, {
        transport: HttpTransportType.WebSockets,
        ...(token && { headers: { cookie: `${cookieName}=${token}` } }),
      })
      .configureLogging(LogLevel.None)
      .build();
    open.push(connection);
    await connection.start();
    return connection;
  };
  const board = async (token: string | null = null, headers: Record<string, string> = {}, app = watched) => {
    const res = await app.inject({
      url: `/api/game/${gameId}/scoreboard`,
      headers: { ...headers, ...(token && { cookie: `${cookieName}=${token}` }) },
    });
    const plain = res.statusCode === 200 && !res.headers['content-encoding'];
    return { res, model: plain ? (res.json() as ScoreboardModel) : undefined };
  };
  const line = (model: ScoreboardModel | undefined, name: string) =>
    model?.items.find((i) => i.name === name);
  const solve = (who: Player, index: number) =>
    verdictOn(t.app, who, `/api/game/${gameId}/challenges/${challenges[index]}`, `flag{${index}}`);
  /** What anyone but the solver and the organisers can read of the game. */
  const publicSurfaces = async () => {
    const scoreboard = await board();
    const gzipped = await board(null, { 'accept-encoding': 'gzip' });
    const details = (await c().ok(ann.token, 'GET', `/api/game/${gameId}/details`)) as GameDetailModel;
    const challenge = await c().ok(ann.token, 'GET', `/api/game/${gameId}/challenges/${challenges[1]}`);
    return {
      body: scoreboard.res.body,
      etag: scoreboard.res.headers.etag,
      length: scoreboard.res.headers['content-length'],
      gzipLength: gzipped.res.headers['content-length'],
      gzipEtag: gzipped.res.headers.etag,
      challenges: details.challenges,
      annRank: details.rank,
      score: challenge.score,
      ctftime: (await watched.inject({ url: `/api/game/${gameId}/ctftime` })).body,
      notices: (await c().ok(null, 'GET', `/api/game/${gameId}/notices`)) as GameNotice[],
    };
  };

  beforeAll(async () => {
    t = await startTestApp(kind, env);
    admin = await signInAdmin(t.app, t.connection.db);
    const g = gameClient(t.app);
    settings = gameBody({ acceptWithoutReview: true });
    ({ id: gameId } = await g.ok(admin, 'POST', '/api/edit/games', settings));
    for (let index = 0; index < 2; index++) {
      const path = `/api/edit/games/${gameId}/challenges`;
      const { id } = await g.ok(admin, 'POST', path, {
        title: `Buoy ${index}`,
        type: 'StaticAttachment',
        category: 'Misc',
      });
      await g.ok(admin, 'POST', `${path}/${id}/flags`, [{ flag: `flag{${index}}` }]);
      await g.ok(admin, 'PUT', `${path}/${id}`, { isEnabled: true });
      challenges.push(id);
    }
    for (const name of ['ann', 'ben']) {
      const player = await g.signUp(name);
      await g.ok(player.token, 'POST', `/api/game/${gameId}`, {
        teamId: await g.createTeam(player, `team-${name}`),
      });
      if (name === 'ann') ann = player;
      else ben = player;
    }
    monitor = await g.signUp('moe');
    await g.ok(admin, 'PUT', `/api/admin/users/${monitor.id}`, { role: 'Monitor' });
    watched = processes === 2 ? await t.reopen() : t.app;
    base = await listen(watched);
  });
  afterAll(async () => {
    await Promise.all(open.map((connection) => connection.stop()));
    await t?.close();
  });

  it('refuses a freeze at or after the end, and a reveal before it', async () => {
    const res = await gameClient(t.app).call(admin, 'PUT', `/api/edit/games/${gameId}`, {
      ...settings,
      freezeAt: settings.end,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      title: 'The scoreboard freeze must come before the end of the game',
      status: 400,
    });
    const reveal = await gameClient(t.app).call(admin, 'POST', `/api/edit/games/${gameId}/scoreboard/reveal`);
    expect(reveal.statusCode).toBe(400);
    expect(reveal.json()).toMatchObject({ status: 400 });
    expect(
      (await gameClient(t.app).call(ann.token, 'POST', `/api/edit/games/${gameId}/scoreboard/reveal`))
        .statusCode,
    ).toBe(403);
    const unfrozen = await board();
    expect(unfrozen.model?.frozen).toBeUndefined();
  });

  it('hides solves after the freeze from every public and other-team surface', async () => {
    expect(await solve(ann, 0)).toBe('Accepted');
    // ann's solve was submitted before its verdict was polled, a few milliseconds at least.
    const freezeAt = Date.now();
    const g = gameClient(t.app);
    const info = await g.ok(admin, 'PUT', `/api/edit/games/${gameId}`, { ...settings, freezeAt });
    expect(info.freezeAt).toBe(freezeAt);
    // A client that does not know the freeze (GZ::CTF's) keeps it when it saves the game.
    expect((await g.ok(admin, 'PUT', `/api/edit/games/${gameId}`, settings)).freezeAt).toBe(freezeAt);

    const frozen = await publicSurfaces();
    expect(JSON.parse(frozen.body).frozen).toEqual({ at: freezeAt, live: false });
    expect(line(JSON.parse(frozen.body), 'team-ann')?.solvedCount).toBe(1);
    const anon = await connect();
    const organiser = await connect(monitor.token);
    let anonPushes = 0;
    anon.on('ReceivedScoreboardUpdate', () => anonPushes++);
    const noticesHeard: GameNotice[] = [];
    anon.on('ReceivedGameNotice', (notice: GameNotice) => noticesHeard.push(notice));
    const livePushes: ScoreboardUpdate[] = [];
    let heard = () => {};
    organiser.on('ReceivedScoreboardUpdate', (update: ScoreboardUpdate) => {
      livePushes.push(update);
      heard();
    });
    const livePushAfter = (seen: number) =>
      new Promise<void>((resolve) => {
        heard = () => livePushes.length > seen && resolve();
        heard();
      });

    // After the freeze ben takes a first blood and a second solve, and an admin gives it a bonus.
    expect(await solve(ben, 1)).toBe('Accepted');
    expect(await solve(ben, 0)).toBe('Accepted');
    const benTeam = line((await board()).model, 'team-ben')?.id;
    const bonus = await g.ok(admin, 'POST', `/api/edit/games/${gameId}/adjustments`, {
      teamId: benTeam,
      points: 7,
      reason: 'Report',
    });
    // The monitor is pushed the live board with all three, labelled live.
    let live: Awaited<ReturnType<typeof board>>;
    for (let seen = 0; ; ) {
      await livePushAfter(seen);
      // Counted before the read: a push arriving during it is read again.
      seen = livePushes.length;
      live = await board(monitor.token);
      if (line(live.model, 'team-ben')?.adjustments) break;
    }
    expect(live.model?.frozen).toEqual({ at: freezeAt, live: true });
    expect(line(live.model, 'team-ben')).toMatchObject({
      solvedCount: 2,
      adjustments: [{ id: bonus.id, points: 7 }],
    });
    // A notice sent after that push on the same socket arrives after anything it sent the anonymous watcher.
    const noticed = next<GameNotice>(anon, 'ReceivedGameNotice', 15_000);
    const manual = await g.ok(admin, 'POST', `/api/edit/games/${gameId}/notices`, { content: 'Frozen now' });
    await noticed;
    expect(anonPushes).toBe(0);
    // Setup's notices may still be crossing processes; none tells of ben's solves.
    expect(noticesHeard).toContainEqual(manual);
    expect(noticesHeard.filter((n) => n.values.includes('team-ben'))).toEqual([]);

    const after = await publicSurfaces();
    expect({ ...after, notices: after.notices.filter((n) => n.id !== manual.id) }).toEqual(frozen);
    // Revalidating gets a 304, on every process alike.
    for (const app of new Set([t.app, watched])) {
      const again = await board(null, { 'if-none-match': String(frozen.etag) }, app);
      expect(again.res.statusCode).toBe(304);
      expect((await board(null, {}, app)).res.body).toBe(frozen.body);
    }
    expect(line(JSON.parse(after.body), 'team-ben')?.solvedCount).toBe(0);
    expect(after.notices.filter((n) => n.values.includes('team-ben'))).toEqual([]);

    // ben sees its own solves, marked, at the values everyone sees; its score and rank stay the public ones.
    const own = (await c().ok(ben.token, 'GET', `/api/game/${gameId}/details`)) as GameDetailModel;
    const publicBen = line(JSON.parse(after.body), 'team-ben');
    expect(own.rank).toMatchObject({ score: publicBen?.score, rank: publicBen?.rank });
    expect(own.rank?.solvedChallenges).toEqual([
      expect.objectContaining({ id: challenges[1], type: 'Normal', afterFreeze: true }),
      expect.objectContaining({ id: challenges[0], type: 'Normal', afterFreeze: true }),
    ]);
    expect(own.challenges).toEqual(frozen.challenges);
  });

  it('tells watchers when the freeze comes, though no change was pushed to them before', async () => {
    const g = gameClient(t.app);
    const freezeAt = Date.now() + 3_000;
    const { id } = await g.ok(admin, 'POST', '/api/edit/games', gameBody({ title: 'Tide', freezeAt }));
    const anon = await connect(undefined, id);
    const pushed = next<ScoreboardUpdate>(anon, 'ReceivedScoreboardUpdate', 30_000);
    // The board is built where players do not listen (with two processes): that process sees the freeze come.
    expect((await t.app.inject({ url: `/api/game/${id}/scoreboard` })).statusCode).toBe(200);
    await pushed;
    const model = (await watched.inject({ url: `/api/game/${id}/scoreboard` })).json() as ScoreboardModel;
    expect(model.frozen).toEqual({ at: freezeAt, live: false });
  });

  it('reveals the final board once, after the end, in the audit log', async () => {
    const g = gameClient(t.app);
    const anon = await connect();
    const ended = { ...settings, end: Date.now() - 1 };
    // Ending the game does not reveal the board.
    await g.ok(admin, 'PUT', `/api/edit/games/${gameId}`, ended);
    expect(line((await board()).model, 'team-ben')?.solvedCount).toBe(0);
    const revealed = next<ScoreboardUpdate>(anon, 'ReceivedScoreboardUpdate', 15_000);
    await g.ok(admin, 'POST', `/api/edit/games/${gameId}/scoreboard/reveal`);
    await revealed;
    const final = await board();
    expect(final.model?.frozen).toBeUndefined();
    expect(line(final.model, 'team-ben')?.solvedCount).toBe(2);
    expect(line(final.model, 'team-ben')?.solvedChallenges.find((s) => s.id === challenges[1])?.type).toBe(
      'FirstBlood',
    );
    expect((await g.call(admin, 'POST', `/api/edit/games/${gameId}/scoreboard/reveal`)).statusCode).toBe(400);
    const logs = (await g.ok(admin, 'GET', '/api/admin/logs')) as LogMessageModel[];
    expect(
      logs.filter((l) => l.msg?.startsWith(`Revealed the final scoreboard of game #${gameId}`)),
    ).toHaveLength(1);
    expect((await g.ok(admin, 'GET', `/api/edit/games/${gameId}`)).freezeRevealedAt).toEqual(
      expect.any(Number),
    );
  });
});
