// The judge keeps each challenge's flags and each game's division rules in memory (issue #32): an admin's edit must
// still decide the very next flag judged, on the server that made the edit and, through the live bus, on another
// server on the same database.

import { GamePermission } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { withAndWithoutRedis } from '../support/databases.ts';
import {
  gameBody,
  gameClient,
  heardOn,
  type Player,
  playerOnEachServer,
  signInAdmin,
  verdictOn,
} from './helpers.ts';

/** A division whose teams play without review. */
const open = GamePermission.All & ~GamePermission.RequireReview;

const setups = withAndWithoutRedis();

describe.each(setups)('judging after an edit on $name', ({ kind, env }) => {
  let t: TestApp;
  /** A second server on the database, where a bus joins the processes (one SQLite process keeps it to itself). */
  let other: FastifyInstance | undefined;
  let admin: string;
  let gameId: number;
  let divisionId: number;
  const challenges: Record<string, number> = {};
  /** Each server with the player who plays on it. */
  let players: [FastifyInstance, Player][];

  const edit = (path: string) => `/api/edit/games/${gameId}${path}`;

  beforeAll(async () => {
    t = await startTestApp(kind, env);
    if (kind.name === 'postgres' || 'PENNON_REDIS_URL' in env) other = await t.reopen();
    admin = await signInAdmin(t.app, t.connection.db);
    const c = gameClient(t.app);
    gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    divisionId = (
      await c.ok(admin, 'POST', edit('/divisions'), {
        name: 'Open',
        defaultPermissions: open,
      })
    ).id;
    for (const title of ['Buoy', 'Reef', 'Cove', 'Dock', 'Bay']) {
      const id = (
        await c.ok(admin, 'POST', edit('/challenges'), { title, type: 'StaticAttachment', category: 'Misc' })
      ).id;
      challenges[title] = id;
      await c.ok(admin, 'POST', edit(`/challenges/${id}/flags`), [{ flag: `flag{${title.toLowerCase()}}` }]);
      await c.ok(admin, 'PUT', edit(`/challenges/${id}`), { isEnabled: true });
    }
    players = await playerOnEachServer([t.app, ...(other ? [other] : [])], gameId, { divisionId });
  }, 60_000);
  afterAll(async () => t?.close());

  const submit = (app: FastifyInstance, who: Player, challenge: string, flag: string) =>
    verdictOn(app, who, `/api/game/${gameId}/challenges/${challenges[challenge]}`, flag);

  /** Makes an admin's edit on the first server; resolves once the other server has heard of it too. */
  const edited = async (change: () => Promise<unknown>) => {
    const heard = heardOn(other, 'judging');
    await change();
    await heard;
  };

  it('judges the next flag by the flags as edited, on every server', async () => {
    // Each server judges a flag of the challenge first, so it has read (and may keep) the flags as they were.
    for (const [app, who] of players) expect(await submit(app, who, 'Buoy', 'flag{new}')).toBe('WrongAnswer');
    await edited(() =>
      gameClient(t.app).ok(admin, 'POST', edit(`/challenges/${challenges.Buoy}/flags`), [
        { flag: 'flag{new}' },
      ]),
    );
    for (const [app, who] of players) expect(await submit(app, who, 'Buoy', 'flag{new}')).toBe('Accepted');

    const { flags } = await gameClient(t.app).ok(admin, 'GET', edit(`/challenges/${challenges.Buoy}`));
    const old = flags.find((f: { flag: string }) => f.flag === 'flag{buoy}');
    await edited(() =>
      gameClient(t.app).ok(admin, 'DELETE', edit(`/challenges/${challenges.Buoy}/flags/${old.id}`)),
    );
    for (const [app, who] of players)
      expect(await submit(app, who, 'Buoy', 'flag{buoy}')).toBe('WrongAnswer');
  });

  it("judges the next solve by its division's rules as edited, on every server", async () => {
    for (const [app, who] of players)
      expect(await submit(app, who, 'Reef', 'flag{nope}')).toBe('WrongAnswer');
    const noBlood = open & ~GamePermission.GetBlood;
    await edited(() =>
      gameClient(t.app).ok(admin, 'PUT', edit(`/divisions/${divisionId}`), {
        challengeConfigs: [
          { challengeId: challenges.Reef, permissions: noBlood },
          { challengeId: challenges.Cove, permissions: noBlood },
        ],
      }),
    );
    // First solves, each on its own server: the division may not take bloods there any more.
    const solved = players.map(([app, who], n) => [app, who, n === 0 ? 'Reef' : 'Cove'] as const);
    for (const [app, who, challenge] of solved)
      expect(await submit(app, who, challenge, `flag{${challenge.toLowerCase()}}`)).toBe('Accepted');
    const bloods = await t.connection.db
      .selectFrom('game_notices')
      .select('values')
      .where('game_id', '=', gameId)
      .where('type', 'in', ['FirstBlood', 'SecondBlood', 'ThirdBlood'])
      .execute();
    // Buoy's first solves (above) took the only ones.
    expect(bloods.map((b) => JSON.parse(b.values)[1])).toEqual(players.map(() => 'Buoy'));

    // A team of a division that may take bloods there solves Reef next: the earlier solve, which could take none,
    // leaves it the first blood.
    const c = gameClient(t.app);
    const bleeding = (
      await c.ok(admin, 'POST', edit('/divisions'), { name: 'Bleeding', defaultPermissions: open })
    ).id;
    const cat = await c.signUp('cat');
    await c.ok(cat.token, 'POST', `/api/game/${gameId}`, {
      teamId: await c.createTeam(cat, 'team-cat'),
      divisionId: bleeding,
    });
    expect(await submit(t.app, cat, 'Reef', 'flag{reef}')).toBe('Accepted');
    const reef = await t.connection.db
      .selectFrom('game_notices')
      .select(['type', 'values'])
      .where('game_id', '=', gameId)
      .where('type', 'in', ['FirstBlood', 'SecondBlood', 'ThirdBlood'])
      .where('values', 'like', '%Reef%')
      .execute();
    expect(reef.map((n) => [n.type, JSON.parse(n.values)])).toEqual([['FirstBlood', ['team-cat', 'Reef']]]);
  });

  it('refuses the next flag its division may no longer submit, on every server', async () => {
    for (const [app, who] of players) expect(await submit(app, who, 'Bay', 'flag{nope}')).toBe('WrongAnswer');
    await edited(() =>
      gameClient(t.app).ok(admin, 'PUT', edit(`/divisions/${divisionId}`), {
        challengeConfigs: [{ challengeId: challenges.Bay, permissions: open & ~GamePermission.SubmitFlags }],
      }),
    );
    for (const [app, who] of players) {
      const url = `/api/game/${gameId}/challenges/${challenges.Bay}`;
      const res = await gameClient(app).call(who.token, 'POST', url, { flag: 'flag{bay}' });
      expect({ status: res.statusCode, title: res.json().title }).toEqual({
        status: 400,
        title: 'You may not submit flags for this challenge',
      });
    }
  });

  it('refuses the next flag for a challenge once disabled, on every server', async () => {
    for (const [app, who] of players)
      expect(await submit(app, who, 'Dock', 'flag{nope}')).toBe('WrongAnswer');
    // Read with each submission's checks, not kept: the bus carries nothing for it.
    await gameClient(t.app).ok(admin, 'PUT', edit(`/challenges/${challenges.Dock}`), { isEnabled: false });
    for (const [app, who] of players) {
      const url = `/api/game/${gameId}/challenges/${challenges.Dock}`;
      const res = await gameClient(app).call(who.token, 'POST', url, { flag: 'flag{dock}' });
      expect({ status: res.statusCode, title: res.json().title }).toEqual({
        status: 404,
        title: 'Challenge not found',
      });
    }
  });
});
