// The scoreboard pushed live (Pennon's addition to the user hub): a client that asks for it (`scoreboard=true`) hears
// `ReceivedScoreboardUpdate` once a solve changed the board, and its fetch with the ETag it holds then gets the new
// board, never the old one's 304; a client that does not ask (GZ::CTF's own) is never sent it. Across processes too,
// on PostgreSQL through LISTEN/NOTIFY and through Redis: the client's process rebuilds the board before telling it.
import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { GameNotice, ScoreboardModel, ScoreboardUpdate } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameBody, gameClient, type Player, signInAdmin, verdictOn } from '../games/helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { listen, next } from '../support/hubs.ts';

const redisUrl = process.env.PENNON_TEST_REDIS_URL;

const setups = [
  ...databaseKinds().map((kind) => ({ name: `one process on ${kind.name}`, kind, env: {}, processes: 1 })),
  ...databaseKinds()
    .filter((kind) => kind.name === 'postgres')
    .map((kind) => ({ name: 'two processes, LISTEN/NOTIFY', kind, env: {}, processes: 2 })),
  ...(redisUrl
    ? databaseKinds().map((kind) => ({
        name: `two processes, Redis, on ${kind.name}`,
        kind,
        env: { PENNON_REDIS_URL: redisUrl },
        processes: 2,
      }))
    : []),
];

describe.each(setups)('scoreboard push, $name', ({ kind, env, processes }) => {
  let t: TestApp;
  /** Where the watchers connect and read the board: the other process when there are two. */
  let watched: FastifyInstance;
  let base: string;
  let admin: string;
  let gameId: number;
  const challenges: number[] = [];
  const open: HubConnection[] = [];

  const connect = async (query: string) => {
    const connection = new HubConnectionBuilder()
      .withUrl(`${base}/hub/user?game=${gameId}${query}`, { transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    open.push(connection);
    await connection.start();
    return connection;
  };

  /** The board as a client revalidating `etag` reads it from the watched process: its status, ETag and body. */
  const board = async (etag?: string) => {
    const res = await watched.inject({
      url: `/api/game/${gameId}/scoreboard`,
      headers: etag ? { 'if-none-match': etag } : {},
    });
    return {
      status: res.statusCode,
      etag: res.headers.etag as string,
      model: res.statusCode === 200 ? (res.json() as ScoreboardModel) : undefined,
    };
  };

  const player = async (name: string): Promise<Player> => {
    const c = gameClient(t.app);
    const who = await c.signUp(name);
    await c.ok(who.token, 'POST', `/api/game/${gameId}`, { teamId: await c.createTeam(who, `team-${name}`) });
    return who;
  };

  const solve = (who: Player, index: number) =>
    verdictOn(t.app, who, `/api/game/${gameId}/challenges/${challenges[index]}`, `flag{${index}}`);

  beforeAll(async () => {
    t = await startTestApp(kind, env);
    admin = await signInAdmin(t.app, t.connection.db);
    const c = gameClient(t.app);
    ({ id: gameId } = await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true })));
    for (let index = 0; index < 3; index++) {
      const base = `/api/edit/games/${gameId}/challenges`;
      const { id } = await c.ok(admin, 'POST', base, {
        title: `Buoy ${index}`,
        type: 'StaticAttachment',
        category: 'Misc',
      });
      await c.ok(admin, 'POST', `${base}/${id}/flags`, [{ flag: `flag{${index}}` }]);
      await c.ok(admin, 'PUT', `${base}/${id}`, { isEnabled: true });
      challenges.push(id);
    }
    watched = processes === 2 ? await t.reopen() : t.app;
    base = await listen(watched);
  });
  afterAll(async () => {
    await Promise.all(open.map((connection) => connection.stop()));
    await t?.close();
  });

  it('tells the clients that ask once a solve changed the board, which their ETag then fetches', async () => {
    const ann = await player('ann');
    const live = await connect('&scoreboard=true');
    const plain = await connect('');
    let plainHeard = 0;
    plain.on('ReceivedScoreboardUpdate', () => plainHeard++);
    const before = await board();
    expect(before.status).toBe(200);

    const pushes: ScoreboardUpdate[] = [];
    let heard = () => {};
    live.on('ReceivedScoreboardUpdate', (update: ScoreboardUpdate) => {
      pushes.push(update);
      heard();
    });
    const nextPush = () =>
      new Promise<ScoreboardUpdate>((resolve) => {
        heard = () => {
          const update = pushes.shift();
          if (update) resolve(update);
        };
        heard();
      });
    expect(await solve(ann, 0)).toBe('Accepted');
    // The push for team-ann's joining may still be on its way (across processes it crosses the bus after the
    // change's commit): it brings the board `before` already showed. The solve's push brings the new board.
    let etag = before.etag;
    for (;;) {
      const update = await nextPush();
      const after = await board(etag);
      if (after.status === 304) continue;
      expect(after.status).toBe(200);
      etag = after.etag;
      if (after.model?.items.find((item) => item.name === 'team-ann')?.solvedCount !== 1) continue;
      expect(after.model?.updateTimeUtc).toBe(update.updateTimeUtc);
      break;
    }

    // Sent after the push on the same socket, a notice arrives after anything the push sent this client.
    const noticed = next<GameNotice>(plain, 'ReceivedGameNotice', 15_000);
    await gameClient(t.app).ok(admin, 'POST', `/api/edit/games/${gameId}/notices`, { content: 'ahoy' });
    await noticed;
    expect(plainHeard).toBe(0);
  });

  it('covers every change of a burst of solves by the last push', async () => {
    const players = [await player('bea'), await player('cal')];
    const live = await connect('&scoreboard=true');
    let pushes = 0;
    let heard: () => void = () => {};
    live.on('ReceivedScoreboardUpdate', () => {
      pushes++;
      heard();
    });
    const pushAfter = (seen: number) =>
      new Promise<void>((resolve) => {
        heard = () => pushes > seen && resolve();
        heard();
      });
    const [bea, cal] = players as [Player, Player];
    await Promise.all([solve(bea, 1), solve(cal, 2), solve(bea, 2)]);
    // However the burst was split into pushes, one of them brings the board with all three solves.
    const solved = (model?: ScoreboardModel) =>
      ['team-bea', 'team-cal'].map((name) => model?.items.find((item) => item.name === name)?.solvedCount);
    let seen = 0;
    for (;;) {
      await pushAfter(seen);
      // Counted before the read: a push arriving during it is read again.
      seen = pushes;
      if (String(solved((await board()).model)) === '2,1') break;
    }
  });

  it("tells the clients once an organiser's award or penalty changed a total", async () => {
    await player('dan');
    const live = await connect('&scoreboard=true');
    let pushes = 0;
    let heard: () => void = () => {};
    live.on('ReceivedScoreboardUpdate', () => {
      pushes++;
      heard();
    });
    const pushAfter = (seen: number) =>
      new Promise<void>((resolve) => {
        heard = () => pushes > seen && resolve();
        heard();
      });
    // From the process that took the join, which knows of it at once (the other hears of it on the bus).
    const joined = await t.app.inject({ url: `/api/game/${gameId}/scoreboard` });
    const teamId = (joined.json() as ScoreboardModel).items.find((item) => item.name === 'team-dan')?.id;
    const c = gameClient(t.app);
    await c.ok(admin, 'POST', `/api/edit/games/${gameId}/adjustments`, {
      teamId,
      points: -40,
      reason: 'Late',
    });
    let seen = 0;
    for (;;) {
      await pushAfter(seen);
      seen = pushes;
      const item = (await board()).model?.items.find((entry) => entry.name === 'team-dan');
      if (item?.score === -40) break;
    }
  });

  it.runIf(processes === 2)(
    'answers a poll of a board unchanged since with 304 on either process, as a load balancer sends it anywhere',
    async () => {
      const read = (app: FastifyInstance, etag?: string) =>
        app.inject({
          url: `/api/game/${gameId}/scoreboard`,
          headers: etag ? { 'if-none-match': etag } : {},
        });
      // First loads: each process's board as of every change so far.
      const here = await read(t.app);
      const there = await read(watched);
      expect(there.headers.etag).toBe(here.headers.etag);
      expect((await read(watched, String(here.headers.etag))).statusCode).toBe(304);
      expect((await read(t.app, String(there.headers.etag))).statusCode).toBe(304);
    },
  );
});
