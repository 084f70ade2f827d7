// Staged release (issue #44): a challenge waiting for its time or its prerequisites is absent from every surface a
// player reaches (list, count, page, attachment, container, flag, scoreboard, notices), opens at its time with one
// notice however many processes run, opens to a team once it solved the prerequisites, and an admin can neither
// close a cycle nor name another game's challenge.
import type { GameEvent, GameNotice, ScoreboardModel } from '@pennon/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameFeed } from '../../src/games/feed.ts';
import { ReleaseAnnouncer } from '../../src/games/release.ts';
import { Scoreboards } from '../../src/games/scoreboard.ts';
import { LocalBus } from '../../src/live/bus.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { gameBody, gameClient, type Method, type Player, signInAdmin, verdictOn } from './helpers.ts';

const hour = 3_600_000;

describe.each(databaseKinds())('staged release on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  let ann: Player;
  let ben: Player;
  let gameId: number;
  const ids = { intro: 0, vault: 0, box: 0, later: 0 };
  const adminOk = (method: Method, url: string, payload?: unknown) => c.ok(admin, method, url, payload);
  const edit = (id: number, body: object) =>
    c.call(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${id}`, body);
  const challenge = async (title: string, type: string, body: object, flag?: string) => {
    const base = `/api/edit/games/${gameId}/challenges`;
    const { id } = await adminOk('POST', base, { title, type, category: 'Misc' });
    if (flag) await adminOk('POST', `${base}/${id}/flags`, [{ flag }]);
    await adminOk('PUT', `${base}/${id}`, { isEnabled: true, ...body });
    return id as number;
  };
  /** Every player surface at once, as text: a hidden challenge's title or file must be in none of them. */
  const playerView = async (who: Player) => {
    const details = await c.ok(who.token, 'GET', `/api/game/${gameId}/details`);
    const board = await c.ok(who.token, 'GET', `/api/game/${gameId}/scoreboard`);
    const notices = await c.ok(who.token, 'GET', `/api/game/${gameId}/notices`);
    const listed = Object.values(details.challenges as Record<string, { id: number }[]>)
      .flat()
      .map((ch) => ch.id);
    return {
      listed,
      count: details.challengeCount as number,
      board: Object.values((board as ScoreboardModel).challenges).flat(),
      text: JSON.stringify([details, board, notices]),
    };
  };
  /** Resolves with the monitor's next `count` events telling that a challenge opened. */
  const openedEvents = (count: number) =>
    new Promise<GameEvent[]>((resolve) => {
      const heard: GameEvent[] = [];
      const stop = t.app.bus.subscribe((message) => {
        if (message.method === 'ReceivedGameEvent' && message.payload.values[0] === 'ChallengeOpened') {
          heard.push(message.payload);
          if (heard.length < count) return;
          stop();
          resolve(heard);
        }
      });
    });
  const opens = async (who: Player, id: number) =>
    (await c.call(who.token, 'GET', `/api/game/${gameId}/challenges/${id}`)).statusCode;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    gameId = (await adminOk('POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    ann = await c.signUp('ann');
    ben = await c.signUp('ben');
    for (const who of [ann, ben]) {
      const teamId = await c.createTeam(who, `team-${who.name}`);
      await c.ok(who.token, 'POST', `/api/game/${gameId}`, { teamId });
    }
    ids.intro = await challenge('Harbour intro', 'StaticAttachment', {}, 'flag{intro}');
    ids.vault = await challenge(
      'Sealed vault',
      'StaticAttachment',
      { prerequisites: [ids.intro] },
      'flag{vault}',
    );
    await adminOk('POST', `/api/edit/games/${gameId}/challenges/${ids.vault}/attachment`, {
      attachmentType: 'Remote',
      remoteUrl: 'https://files.example/vault-plans.zip',
    });
    ids.box = await challenge('Locked box', 'DynamicContainer', {
      flagTemplate: 'flag{[TEAM_HASH]}',
      prerequisites: [ids.intro],
    });
    ids.later = await challenge(
      'Night shift',
      'StaticAttachment',
      { releaseAt: Date.now() + hour },
      'flag{night}',
    );
  });
  afterAll(async () => t?.close());

  it('shows admins the schedule and the graph', async () => {
    const list = (await adminOk('GET', `/api/edit/games/${gameId}/challenges`)) as {
      id: number;
      releaseAt?: number | null;
      prerequisites?: number[];
    }[];
    const of = (id: number) => list.find((ch) => ch.id === id);
    // Unset, they are absent: a game without staged release reads as before.
    expect(of(ids.intro)).not.toHaveProperty('releaseAt');
    expect(of(ids.intro)).not.toHaveProperty('prerequisites');
    expect(of(ids.vault)).toMatchObject({ prerequisites: [ids.intro] });
    expect(of(ids.vault)).not.toHaveProperty('releaseAt');
    expect(of(ids.later)?.releaseAt).toBeGreaterThan(Date.now());
    const detail = await adminOk('GET', `/api/edit/games/${gameId}/challenges/${ids.box}`);
    expect(detail).toMatchObject({ prerequisites: [ids.intro] });
  });

  it('hides unreleased challenges from every player surface', async () => {
    const view = await playerView(ann);
    expect(view.listed).toEqual([ids.intro]);
    expect(view.count).toBe(1);
    expect(view.board.map((ch) => ch.id)).toEqual([ids.intro]);
    for (const secret of ['Sealed vault', 'Locked box', 'Night shift', 'vault-plans'])
      expect(view.text).not.toContain(secret);
    for (const id of [ids.vault, ids.box, ids.later]) {
      expect(await opens(ann, id)).toBe(404);
      const submit = await c.call(ann.token, 'POST', `/api/game/${gameId}/challenges/${id}`, {
        flag: 'flag{x}',
      });
      expect(submit.statusCode).toBe(404);
      expect(submit.json()).toEqual({ title: 'Challenge not found', status: 404 });
    }
    const start = await c.call(ann.token, 'POST', `/api/game/${gameId}/container/${ids.box}`);
    expect(start.json()).toEqual({ title: 'Challenge not found', status: 404 });
    // The right flag of a hidden challenge is not taken either.
    const night = await c.call(ann.token, 'POST', `/api/game/${gameId}/challenges/${ids.later}`, {
      flag: 'flag{night}',
    });
    expect(night.statusCode).toBe(404);
  });

  it('opens prerequisites to the team that solved them, and to no other', async () => {
    const events = openedEvents(2);
    expect(await verdictOn(t.app, ann, `/api/game/${gameId}/challenges/${ids.intro}`, 'flag{intro}')).toBe(
      'Accepted',
    );
    // The monitors are told; the vault and the box opened with the intro's solve.
    expect((await events).map((e) => `${e.type}:${e.team}:${e.values[2]}`).sort()).toEqual([
      'Normal:team-ann:Locked box',
      'Normal:team-ann:Sealed vault',
    ]);
    const stored = (await adminOk('GET', `/api/game/${gameId}/events`)) as GameEvent[];
    expect(stored.filter((e) => e.values[0] === 'ChallengeOpened')).toHaveLength(2);
    const annView = await playerView(ann);
    expect(annView.listed.sort()).toEqual([ids.intro, ids.vault, ids.box].sort());
    expect(annView.count).toBe(3);
    expect(await opens(ann, ids.vault)).toBe(200);
    const page = await c.ok(ann.token, 'GET', `/api/game/${gameId}/challenges/${ids.vault}`);
    expect(page.context.url).toBe('https://files.example/vault-plans.zip');

    const benView = await playerView(ben);
    expect(benView.listed).toEqual([ids.intro]);
    expect(await opens(ben, ids.vault)).toBe(404);
    // Not on the public board until a team solved it: its title is for the teams it opened to.
    expect(benView.text).not.toContain('Sealed vault');

    expect(await verdictOn(t.app, ann, `/api/game/${gameId}/challenges/${ids.vault}`, 'flag{vault}')).toBe(
      'Accepted',
    );
    expect((await playerView(ben)).board.map((ch) => ch.id).sort()).toEqual([ids.intro, ids.vault].sort());
    expect(await opens(ben, ids.vault)).toBe(404);
  });

  it('opens at its time with one NewChallenge notice, pushed live', async () => {
    const noticed = new Promise<GameNotice>((resolve) => {
      const stop = t.app.bus.subscribe((message) => {
        if (message.method === 'ReceivedGameNotice' && message.payload.type === 'NewChallenge') {
          stop();
          resolve(message.payload);
        }
      });
    });
    expect((await edit(ids.later, { releaseAt: Date.now() + 1500 })).statusCode).toBe(200);
    expect(await opens(ben, ids.later)).toBe(404);
    const event = openedEvents(1);
    expect(await noticed).toMatchObject({ type: 'NewChallenge', values: ['Night shift'] });
    expect((await event)[0]).toMatchObject({
      team: '',
      values: ['ChallengeOpened', String(ids.later), 'Night shift'],
    });
    const view = await playerView(ben);
    expect(view.listed.sort()).toEqual([ids.intro, ids.later].sort());
    expect(view.board.map((ch) => ch.id)).toContain(ids.later);
    expect(await verdictOn(t.app, ben, `/api/game/${gameId}/challenges/${ids.later}`, 'flag{night}')).toBe(
      'Accepted',
    );
    const notices = (await c.ok(ben.token, 'GET', `/api/game/${gameId}/notices`)) as GameNotice[];
    expect(notices.filter((n) => n.type === 'NewChallenge' && n.values[0] === 'Night shift')).toHaveLength(1);
  });

  it('announces a time release once among several processes', async () => {
    const releaseAt = Date.now() + 10 * 60_000;
    const id = await challenge('Dawn watch', 'StaticAttachment', { releaseAt }, 'flag{dawn}');
    // The announcers of four processes, all past the release time at once, on the one database.
    const db = t.connection.db;
    const announcers = Array.from(
      { length: 4 },
      () =>
        new ReleaseAnnouncer(
          db,
          new GameFeed(db, new LocalBus()),
          new Scoreboards(db),
          (error) => {
            throw error;
          },
          () => releaseAt + 1,
        ),
    );
    const claimed = (await Promise.all(announcers.map((a) => a.announce()))).flat();
    expect(claimed).toEqual([id]);
    expect((await Promise.all(announcers.map((a) => a.announce()))).flat()).toEqual([]);
    const notices = (await c.ok(ben.token, 'GET', `/api/game/${gameId}/notices`)) as GameNotice[];
    expect(notices.filter((n) => n.values[0] === 'Dawn watch')).toHaveLength(1);
  });

  it('refuses cycles, itself, unknown and other games’ challenges with a 400', async () => {
    const other = (await adminOk('POST', '/api/edit/games', gameBody())).id;
    const { id: foreign } = await adminOk('POST', `/api/edit/games/${other}/challenges`, {
      title: 'Elsewhere',
      type: 'StaticAttachment',
      category: 'Misc',
    });
    for (const [id, prerequisites] of [
      [ids.intro, [ids.vault]],
      [ids.intro, [ids.box]],
      [ids.vault, [ids.vault]],
      [ids.vault, [foreign]],
      [ids.vault, [99_999_999]],
    ] as const) {
      const res = await edit(id, { prerequisites });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ title: expect.any(String), status: 400 });
    }
    // A chain is fine; what was refused left the graph as it was.
    expect((await edit(ids.later, { prerequisites: [ids.vault] })).statusCode).toBe(200);
    const list = (await adminOk('GET', `/api/edit/games/${gameId}/challenges`)) as {
      id: number;
      prerequisites?: number[];
    }[];
    expect(list.find((ch) => ch.id === ids.intro)?.prerequisites).toBeUndefined();
    expect(list.find((ch) => ch.id === ids.later)?.prerequisites).toEqual([ids.vault]);
    expect((await edit(ids.later, { prerequisites: [] })).statusCode).toBe(200);
  });

  it('leaves a game without staged challenges as it was', async () => {
    const plain = (await adminOk('POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    const base = `/api/edit/games/${plain}/challenges`;
    const { id } = await adminOk('POST', base, {
      title: 'Plain',
      type: 'StaticAttachment',
      category: 'Misc',
    });
    await adminOk('POST', `${base}/${id}/flags`, [{ flag: 'flag{plain}' }]);
    await adminOk('PUT', `${base}/${id}`, { isEnabled: true });
    await c.ok(ann.token, 'POST', `/api/game/${plain}`, {
      teamId: (await c.ok(ann.token, 'GET', '/api/team'))[0].id,
    });
    const details = await c.ok(ann.token, 'GET', `/api/game/${plain}/details`);
    expect(details.challengeCount).toBe(1);
    const notices = (await c.ok(ann.token, 'GET', `/api/game/${plain}/notices`)) as GameNotice[];
    expect(notices.map((n) => `${n.type}:${n.values[0]}`)).toEqual(['NewChallenge:Plain']);
  });
});
