// Hints with a cost (issue #44) through the API: admins write them, a team unlocks one once and pays once (two
// teammates at once included), a percentage is of the challenge's value at unlock time, the charge is in the score,
// its timeline, the monitor's events and the audit log, and a locked or unreleased hint's content reaches nobody.
import { ChallengeDetailModel, type GameNotice, type HintModel, ScoreboardModel } from '@pennon/sdk/contract';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameFeed } from '../../src/games/feed.ts';
import { ReleaseAnnouncer } from '../../src/games/release.ts';
import { Scoreboards } from '../../src/games/scoreboard.ts';
import { type LiveMessage, LocalBus } from '../../src/live/bus.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { gameBody, gameClient, type Player, signInAdmin, verdictOn } from './helpers.ts';

const hour = 3_600_000;
const secret = 'The keeper hides the key under the third step';

describe.each(databaseKinds())('hints with a cost on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  let ann: Player;
  let amy: Player;
  let ben: Player;
  let cal: Player;
  let annTeam: number;
  let benTeam: number;
  let gameId: number;
  let challengeId: number;
  const hintsUrl = () => `/api/edit/games/${gameId}/challenges/${challengeId}/hints`;
  const playUrl = () => `/api/game/${gameId}/challenges/${challengeId}`;
  const detail = async (who: Player): Promise<ChallengeDetailModel> => c.ok(who.token, 'GET', playUrl());
  const unlock = (who: Player, hintId: number) => c.call(who.token, 'POST', `${playUrl()}/hints/${hintId}`);
  const board = async (): Promise<ScoreboardModel> => c.ok(null, 'GET', `/api/game/${gameId}/scoreboard`);
  const addHint = async (body: object) =>
    c.ok(admin, 'POST', hintsUrl(), { title: 'Where to look', content: secret, costKind: 'Points', ...body });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    const base = `/api/edit/games/${gameId}/challenges`;
    challengeId = (
      await c.ok(admin, 'POST', base, { title: 'Lighthouse', type: 'StaticAttachment', category: 'Misc' })
    ).id;
    await c.ok(admin, 'POST', `${base}/${challengeId}/flags`, [{ flag: 'flag{light}' }]);
    await c.ok(admin, 'PUT', `${base}/${challengeId}`, {
      isEnabled: true,
      originalScore: 1000,
      minScoreRate: 0.25,
      difficulty: 1,
      hints: ['Look up'],
    });
    ann = await c.signUp('ann');
    amy = await c.signUp('amy');
    ben = await c.signUp('ben');
    cal = await c.signUp('cal');
    annTeam = await c.createTeam(ann, 'team-ann', [amy]);
    benTeam = await c.createTeam(ben, 'team-ben');
    for (const [who, teamId] of [
      [ann, annTeam],
      [amy, annTeam],
      [ben, benTeam],
      [cal, await c.createTeam(cal, 'team-cal')],
    ] as const) {
      await c.ok(who.token, 'POST', `/api/game/${gameId}`, { teamId });
    }
  });
  afterAll(async () => t?.close());

  it('is written by admins only, and refuses bad input with a 400 {title, status}', async () => {
    const body = { title: 'Free points', content: 'x', costKind: 'Points', cost: 0 };
    expect((await c.call(ann.token, 'POST', hintsUrl(), body)).statusCode).toBe(403);
    expect((await c.call(ann.token, 'GET', hintsUrl())).statusCode).toBe(403);
    for (const bad of [
      { ...body, cost: -1 },
      { ...body, cost: 1.5 },
      { ...body, title: '  ' },
      { ...body, content: '' },
      { ...body, costKind: 'Coins' },
      { ...body, costKind: 'Percent', cost: 101 },
      { ...body, releaseTime: 'soon' },
    ]) {
      const res = await c.call(admin, 'POST', hintsUrl(), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toEqual({ title: expect.any(String), status: 400 });
    }
    expect((await c.call(admin, 'GET', `/api/edit/games/${gameId}/challenges/999999/hints`)).statusCode).toBe(
      404,
    );
    expect((await c.call(admin, 'DELETE', `${hintsUrl()}/999999`)).json()).toEqual({
      title: 'Hint not found',
      status: 404,
    });
  });

  it('shows a locked hint by title and cost only, everywhere a player or the public looks', async () => {
    const hint = await addHint({ cost: 100 });
    expect(hint).toMatchObject({ title: 'Where to look', costKind: 'Points', cost: 100, unlockCount: 0 });
    const seen = await detail(ann);
    expect(seen.costedHints).toEqual([
      { id: hint.id, title: 'Where to look', cost: 100, unlocked: false, content: null },
    ]);
    // GZ::CTF's client sees the free hints as before, never the locked one.
    expect(seen.hints).toEqual(['Look up']);
    expect(Value.Check(ChallengeDetailModel, seen)).toBe(true);
    for (const url of [
      playUrl(),
      `/api/game/${gameId}/details`,
      `/api/game/${gameId}/scoreboard`,
      `/api/game/${gameId}/ctftime`,
      `/api/game/${gameId}/notices`,
    ]) {
      const res = await c.call(ann.token, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(secret);
    }
    const refused = await unlock(ann, 999_999);
    expect(refused.json()).toEqual({ title: 'Hint not found', status: 404 });
    await c.ok(admin, 'DELETE', `${hintsUrl()}/${hint.id}`);
  });

  it('charges a team once however many teammates unlock at once, in its score, timeline, events and log', async () => {
    const hint = await addHint({ cost: 120 });
    const before = await board();
    const answers = await Promise.all([unlock(ann, hint.id), unlock(amy, hint.id), unlock(ann, hint.id)]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json() as HintModel).toEqual({
        id: hint.id,
        title: 'Where to look',
        cost: 120,
        unlocked: true,
        content: secret,
      });
    }
    expect((await detail(amy)).costedHints?.[0]).toMatchObject({ unlocked: true, content: secret });

    const after = await board();
    expect(after.items.find((i) => i.id === annTeam)).toMatchObject({
      score: -120,
      adjustments: [{ points: -120, reason: 'Where to look', hintId: hint.id }],
    });
    expect(after.items.find((i) => i.id === benTeam)?.score).toBe(0);
    const annLine = after.timelines[0]?.teams.find((team) => team.id === annTeam);
    expect(annLine?.items.at(-1)?.score).toBe(-120);
    expect(before.items.find((i) => i.id === annTeam)?.score).toBe(0);
    expect(Value.Check(ScoreboardModel, after)).toBe(true);
    // Another team still sees it locked, and the public board carries no content.
    expect((await detail(ben)).costedHints?.[0]).toMatchObject({ unlocked: false, content: null });
    expect(JSON.stringify(after)).not.toContain(secret);

    const events = (await c.ok(admin, 'GET', `/api/game/${gameId}/events?count=50`)) as {
      type: string;
      values: string[];
      team: string;
    }[];
    const unlocks = events.filter((e) => e.type === 'HintUnlock');
    expect(unlocks).toEqual([
      expect.objectContaining({
        values: [String(challengeId), 'Lighthouse', '120', 'Where to look'],
        team: 'team-ann',
      }),
    ]);
    const logs = (await c.ok(admin, 'GET', '/api/admin/logs?count=50')) as { msg: string }[];
    const charged = logs.filter((l) => l.msg.startsWith('Team "team-ann" unlocked hint'));
    expect(charged.map((l) => l.msg)).toEqual([
      `Team "team-ann" unlocked hint #${hint.id} "Where to look" of challenge #${challengeId} "Lighthouse" in game #${gameId} for 120 points`,
    ]);
    expect((await c.ok(admin, 'GET', hintsUrl()))[0]).toMatchObject({ id: hint.id, unlockCount: 1 });

    // The Awards tab lists the charge, which is refunded by deleting it, never rewritten there.
    const adjustments = (await c.ok(admin, 'GET', `/api/edit/games/${gameId}/adjustments`)) as {
      id: number;
      hintId?: number;
    }[];
    const charge = adjustments.find((a) => a.hintId === hint.id);
    const rewrite = await c.call(admin, 'PUT', `/api/edit/games/${gameId}/adjustments/${charge?.id}`, {
      teamId: benTeam,
      points: -1,
      reason: 'Moved',
    });
    expect(rewrite.json()).toEqual({ title: "A hint's cost cannot be rewritten", status: 400 });

    // Deleting the hint refunds the team.
    await c.ok(admin, 'DELETE', `${hintsUrl()}/${hint.id}`);
    expect((await board()).items.find((i) => i.id === annTeam)?.score).toBe(0);
    expect((await detail(ann)).costedHints).toBeUndefined();
  });

  it("takes a percentage of the challenge's value at unlock time, and keeps what was paid", async () => {
    const hint = await addHint({ title: 'Half the light', costKind: 'Percent', cost: 50 });
    expect((await detail(ann)).costedHints?.[0]?.cost).toBe(500);
    // The value drops from the second solve on.
    for (const solver of [ben, cal])
      expect(await verdictOn(t.app, solver, playUrl(), 'flag{light}')).toBe('Accepted');
    const value = (await detail(ann)).score;
    expect(value).toBeLessThan(1000);
    const cost = Math.round(value / 2);
    expect((await detail(ann)).costedHints?.[0]?.cost).toBe(cost);
    expect((await unlock(ann, hint.id)).json()).toMatchObject({ cost, unlocked: true, content: secret });
    expect((await board()).items.find((i) => i.id === annTeam)?.score).toBe(-cost);
    // A later change of the hint's cost leaves what the team paid.
    await c.ok(admin, 'PUT', `${hintsUrl()}/${hint.id}`, {
      title: 'Half the light',
      content: secret,
      costKind: 'Points',
      cost: 999,
    });
    expect((await detail(ann)).costedHints?.[0]?.cost).toBe(cost);
    expect((await detail(ben)).costedHints?.[0]?.cost).toBe(999);
    await c.ok(admin, 'DELETE', `${hintsUrl()}/${hint.id}`);
  });

  it('hides a hint until its release time, and gives a released free one to every client', async () => {
    const later = Date.now() + hour;
    const hint = await addHint({ title: 'Tide tables', cost: 0, releaseTime: later });
    expect(hint.releaseTime).toBe(later);
    const hidden = await c.call(ann.token, 'GET', playUrl());
    expect(hidden.body).not.toContain('Tide tables');
    expect(hidden.body).not.toContain(secret);
    expect((await unlock(ann, hint.id)).json()).toEqual({ title: 'Hint not found', status: 404 });

    const newHints = async () =>
      ((await c.ok(ann.token, 'GET', `/api/game/${gameId}/notices`)) as { type: string }[]).filter(
        (n) => n.type === 'NewHint',
      ).length;
    const announced = await newHints();
    await c.ok(admin, 'PUT', `${hintsUrl()}/${hint.id}`, {
      title: 'Tide tables',
      content: secret,
      costKind: 'Points',
      cost: 0,
      releaseTime: Date.now() - 1000,
    });
    const seen = await detail(ann);
    expect(seen.costedHints).toEqual([
      { id: hint.id, title: 'Tide tables', cost: 0, unlocked: true, content: secret },
    ]);
    expect(seen.hints).toEqual(['Look up', secret]);
    // Released by the edit, it is announced as a new hint.
    expect(await newHints()).toBe(announced + 1);
    // A free hint charges nothing.
    expect((await unlock(ann, hint.id)).json()).toMatchObject({ unlocked: true, cost: 0 });
    expect((await board()).items.find((i) => i.id === annTeam)?.adjustments ?? []).not.toContainEqual(
      expect.objectContaining({ hintId: hint.id }),
    );
  });

  it('posts one NewHint notice when a release time passes, from one of several processes', async () => {
    const releaseTime = Date.now() + 10 * 60_000;
    const hint = await addHint({ title: 'Harbour charts', cost: 0, releaseTime });
    const newHints = async () =>
      ((await c.ok(ann.token, 'GET', `/api/game/${gameId}/notices`)) as GameNotice[]).filter(
        (n) => n.type === 'NewHint',
      );
    const announced = (await newHints()).length;
    // The announcers of four processes on the one database, each with its own bus.
    const db = t.connection.db;
    const announcersAt = (now: number) =>
      Array.from({ length: 4 }, () => {
        const bus = new LocalBus();
        const pushed: LiveMessage[] = [];
        bus.subscribe((message) => pushed.push(message));
        const announcer = new ReleaseAnnouncer(
          db,
          new GameFeed(db, bus),
          new Scoreboards(db),
          (error) => {
            throw error;
          },
          () => now,
        );
        return { announcer, pushed };
      });
    const early = announcersAt(releaseTime - 1);
    await Promise.all(early.map((a) => a.announcer.announce()));
    expect((await newHints()).length).toBe(announced);

    const due = announcersAt(releaseTime + 1);
    await Promise.all(due.map((a) => a.announcer.announce()));
    await Promise.all(due.map((a) => a.announcer.announce()));
    const told = await newHints();
    expect(told.length).toBe(announced + 1);
    expect(told[0]?.values).toEqual(['Lighthouse']);
    // Pushed live once, by the process that posted it.
    const pushes = due.flatMap((a) => a.pushed).filter((m) => m.method === 'ReceivedGameNotice');
    expect(pushes).toEqual([expect.objectContaining({ gameId, payload: told[0] })]);
    // Edited after its release, it is not told again.
    await c.ok(admin, 'PUT', `${hintsUrl()}/${hint.id}`, {
      title: 'Harbour charts',
      content: secret,
      costKind: 'Points',
      cost: 0,
      releaseTime: releaseTime - 2 * hour,
    });
    await Promise.all(due.map((a) => a.announcer.announce()));
    expect((await newHints()).length).toBe(announced + 1);
    await c.ok(admin, 'DELETE', `${hintsUrl()}/${hint.id}`);
  });

  it('prices a percentage hint from the value players see during a freeze: shown and charged alike', async () => {
    const hint = await addHint({ title: 'Quarter light', costKind: 'Percent', cost: 25 });
    const frozenValue = (await detail(ann)).score;
    await c.ok(
      admin,
      'PUT',
      `/api/edit/games/${gameId}`,
      gameBody({ acceptWithoutReview: true, freezeAt: Date.now() }),
    );
    // A solve after the freeze lowers the live value, which players must not learn, not even through a cost.
    const dan = await c.signUp('dan');
    await c.ok(dan.token, 'POST', `/api/game/${gameId}`, { teamId: await c.createTeam(dan, 'team-dan') });
    expect(await verdictOn(t.app, dan, playUrl(), 'flag{light}')).toBe('Accepted');
    const live = (await c.ok(admin, 'GET', `/api/game/${gameId}/scoreboard`)) as ScoreboardModel;
    const liveValue = Object.values(live.challenges)
      .flat()
      .find((ch) => ch?.id === challengeId)?.score as number;
    expect(liveValue).toBeLessThan(frozenValue);

    const shown = (await detail(ann)).costedHints?.find((h) => h.id === hint.id)?.cost;
    expect(shown).toBe(Math.round(frozenValue / 4));
    const charged = (await unlock(ann, hint.id)).json() as HintModel;
    expect(charged).toMatchObject({ cost: shown, unlocked: true });
    const adjustments = (await c.ok(admin, 'GET', `/api/edit/games/${gameId}/adjustments`)) as {
      hintId?: number;
      points: number;
    }[];
    expect(adjustments.find((a) => a.hintId === hint.id)?.points).toBe(-(shown as number));
    await c.ok(
      admin,
      'PUT',
      `/api/edit/games/${gameId}`,
      gameBody({ acceptWithoutReview: true, freezeAt: null }),
    );
    await c.ok(admin, 'DELETE', `${hintsUrl()}/${hint.id}`);
  });

  it('refuses an unlock after the game ended', async () => {
    const hint = await addHint({ cost: 10 });
    await c.ok(
      admin,
      'PUT',
      `/api/edit/games/${gameId}`,
      gameBody({ start: Date.now() - 2 * hour, end: Date.now() - hour, practiceMode: false }),
    );
    const res = await unlock(ben, hint.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ title: 'The game has ended' });
  });
});
