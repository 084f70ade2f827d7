// Game containers on the real engine (§4.10, §2.2 instances): a team starts its container through the API and
// reads its own dynamic flag over TCP (port mapping Default); the cooldown, the running check, the team limit
// (refused, then the oldest destroyed), extension inside the renewal window only, destroy, expiry by the reaper,
// the admin list, disabling a challenge, and a restarted server cleaning up what expired while it was down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameBody, gameClient, type Method, type Player, signInAdmin } from '../games/helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import {
  converse,
  engineSocket,
  ensureServiceImage,
  requireEngine,
  SERVICE_PORT,
  testProvider,
} from './engine.ts';

const sqlite = databaseKinds()[0];
if (!sqlite) throw new Error('no database kind');

describe('game containers (port mapping Default)', () => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  let ann: Player;
  let ben: Player;
  let gameId: number;
  const ids = { box: 0, box2: 0, box3: 0, alpha: 0, beta: 0 };

  const as = (who: Player, method: Method, url: string) => c.call(who.token, method, url);
  const url = (challengeId: number) => `/api/game/${gameId}/container/${challengeId}`;
  const db = () => t.connection.db;
  const instanceOf = (teamId: number, challengeId: number) =>
    db()
      .selectFrom('game_instances')
      .innerJoin('participations', 'participations.id', 'game_instances.participation_id')
      .selectAll('game_instances')
      .where('participations.team_id', '=', teamId)
      .where('game_instances.challenge_id', '=', challengeId)
      .executeTakeFirstOrThrow();
  /** Lets the next container operation of the instance past the 10 s cooldown. */
  const coolDown = async (teamId: number, challengeId: number) => {
    const instance = await instanceOf(teamId, challengeId);
    await db()
      .updateTable('game_instances')
      .set({ last_container_operation: Date.now() - 11_000 })
      .where('id', '=', instance.id)
      .execute();
  };
  const expectError = async (res: Awaited<ReturnType<typeof as>>, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status, title: expect.any(String) });
    return res.json().title as string;
  };
  const setPolicy = async (policy: object) => {
    const current = await c.ok(admin, 'GET', '/api/admin/config');
    await c.ok(admin, 'PUT', '/api/admin/config', {
      containerPolicy: { ...current.containerPolicy, ...policy },
    });
  };

  beforeAll(async () => {
    await requireEngine();
    const image = await ensureServiceImage();
    t = await startTestApp(sqlite, {
      PENNON_DOCKER_HOST: engineSocket,
      PENNON_CONTAINER_BIND_HOST: '127.0.0.1',
    });
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    ann = await c.signUp('ann');
    ben = await c.signUp('ben');
    ids.alpha = await c.createTeam(ann, 'alpha');
    ids.beta = await c.createTeam(ben, 'beta');
    gameId = (
      await c.ok(
        admin,
        'POST',
        '/api/edit/games',
        gameBody({ practiceMode: false, acceptWithoutReview: true, containerCountLimit: 1 }),
      )
    ).id;
    for (const key of ['box', 'box2', 'box3'] as const) {
      const base = `/api/edit/games/${gameId}/challenges`;
      const { id } = await c.ok(admin, 'POST', base, {
        title: key,
        type: 'DynamicContainer',
        category: 'Pwn',
      });
      await c.ok(admin, 'PUT', `${base}/${id}`, {
        flagTemplate: 'flag{[TEAM_HASH]}',
        containerImage: image,
        exposePort: SERVICE_PORT,
        memoryLimit: 64,
        cpuCount: 5,
        isEnabled: true,
      });
      ids[key] = id;
    }
    await c.ok(ann.token, 'POST', `/api/game/${gameId}`, { teamId: ids.alpha });
    await c.ok(ben.token, 'POST', `/api/game/${gameId}`, { teamId: ids.beta });
  });
  afterAll(async () => {
    if (!t) return;
    const rows = await db().selectFrom('containers').select('id').execute();
    await Promise.all(rows.map((row) => t.app.containers.stop(row.id)));
    await t.close();
  });

  it('starts the team container with its own dynamic flag, reachable on the published port', async () => {
    const res = await as(ann, 'POST', url(ids.box));
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({ status: 'Running', entry: expect.stringMatching(/^127\.0\.0\.1:\d+$/) });
    expect(info.expectStopAt - info.startedAt).toBe(120 * 60_000);
    const [host, port] = info.entry.split(':');
    const { flag, echo } = await converse(host, Number(port), 'hi');
    const instance = await instanceOf(ids.alpha, ids.box);
    expect(instance.flag).toMatch(/^flag\{[0-9a-f]{12}\}$/);
    expect(flag).toBe(instance.flag);
    expect(echo).toBe('echo:hi');

    const detail = await c.ok(ann.token, 'GET', `/api/game/${gameId}/challenges/${ids.box}`);
    expect(detail.context).toMatchObject({ instanceEntry: info.entry, closeTime: info.expectStopAt });
    const events = await db().selectFrom('game_events').selectAll().where('game_id', '=', gameId).execute();
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'ContainerStart', team_name: 'alpha', user_name: 'ann' }),
    );
    expect(JSON.parse(events.find((e) => e.type === 'ContainerStart')?.values ?? '[]')).toEqual([
      String(ids.box),
      'box',
    ]);
  });

  it('refuses within the 10 s cooldown (429), while running (400), and over the team limit (400)', async () => {
    expect(await expectError(await as(ann, 'POST', url(ids.box)), 429)).toMatch(/wait/);
    await coolDown(ids.alpha, ids.box);
    expect(await expectError(await as(ann, 'POST', url(ids.box)), 400)).toMatch(/already running/);
    expect(await expectError(await as(ann, 'POST', url(ids.box2)), 400)).toMatch(/limit \(1\)/);
    // Not a container challenge, or no such challenge.
    await expectError(await as(ann, 'POST', url(99999)), 404);
  });

  it('destroys the oldest container at the limit when the policy says so', async () => {
    await setPolicy({ autoDestroyOnLimitReached: true });
    try {
      const old = await t.app.containers.forInstance((await instanceOf(ids.alpha, ids.box)).id);
      const res = await as(ann, 'POST', url(ids.box2));
      expect(res.statusCode, res.body).toBe(200);
      expect(await t.app.containers.get(old?.id ?? '')).toBeUndefined();
      expect(await testProvider().inspect(old?.runtime_id ?? '')).toBe('gone');
    } finally {
      await setPolicy({ autoDestroyOnLimitReached: false });
    }
  });

  it('extends only inside the renewal window, by the extension duration', async () => {
    const record = await t.app.containers.forInstance((await instanceOf(ids.alpha, ids.box2)).id);
    if (!record) throw new Error('no container');
    expect(await expectError(await as(ann, 'POST', `${url(ids.box2)}/extend`), 400)).toMatch(
      /cannot be extended/,
    );
    const soon = Date.now() + 5 * 60_000;
    await db().updateTable('containers').set({ expect_stop_at: soon }).where('id', '=', record.id).execute();
    const res = await as(ann, 'POST', `${url(ids.box2)}/extend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().expectStopAt).toBe(soon + 120 * 60_000);
    await expectError(await as(ann, 'POST', `${url(ids.box)}/extend`), 400);
  });

  it('destroys on DELETE after the cooldown, with a ContainerDestroy event', async () => {
    const record = await t.app.containers.forInstance((await instanceOf(ids.alpha, ids.box2)).id);
    const early = await as(ann, 'DELETE', url(ids.box2));
    await expectError(early, 429);
    // The seconds left of the cooldown, which the SDK waits out before retrying a Destroy.
    expect(Number(early.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(10);
    await coolDown(ids.alpha, ids.box2);
    expect((await as(ann, 'DELETE', url(ids.box2))).statusCode).toBe(200);
    expect(await testProvider().inspect(record?.runtime_id ?? '')).toBe('gone');
    await coolDown(ids.alpha, ids.box2);
    expect(await expectError(await as(ann, 'DELETE', url(ids.box2)), 400)).toMatch(/No container/);
    const events = await db()
      .selectFrom('game_events')
      .selectAll()
      .where('type', '=', 'ContainerDestroy')
      .execute();
    expect(events).toHaveLength(1);
    const detail = await c.ok(ann.token, 'GET', `/api/game/${gameId}/challenges/${ids.box2}`);
    expect(detail.context).toMatchObject({ instanceEntry: null, closeTime: null });
  });

  it('lets the reaper destroy a container past its (policy) lifetime', async () => {
    await setPolicy({ defaultLifetime: 1 });
    try {
      await coolDown(ids.alpha, ids.box3);
      const info = (await as(ann, 'POST', url(ids.box3))).json();
      expect(info.expectStopAt - info.startedAt).toBe(60_000);
      const record = await t.app.containers.forInstance((await instanceOf(ids.alpha, ids.box3)).id);
      expect((await t.app.containers.reap(Date.now())).destroyed).not.toContain(record?.id);
      expect((await t.app.containers.reap(Date.now() + 61_000)).destroyed).toContain(record?.id);
      expect(await testProvider().inspect(record?.runtime_id ?? '')).toBe('gone');
    } finally {
      await setPolicy({ defaultLifetime: 120 });
    }
  });

  it('lists game containers for admins and destroys them by GUID', async () => {
    const res = await as(ben, 'POST', url(ids.box));
    expect(res.statusCode, res.body).toBe(200);
    const list = await c.ok(admin, 'GET', '/api/admin/instances');
    expect(list.total).toBe(1);
    const [row] = list.data;
    expect(row).toMatchObject({
      team: { id: ids.beta, name: 'beta' },
      challenge: { id: ids.box, title: 'box', category: 'Pwn' },
      image: expect.stringContaining('pennon-flag-service'),
      ip: '127.0.0.1',
    });
    expect(`${row.ip}:${row.port}`).toBe(res.json().entry);
    await expectError(await as(ann, 'GET', '/api/admin/instances'), 403);
    expect((await c.call(admin, 'DELETE', `/api/admin/instances/${row.containerGuid}`)).statusCode).toBe(200);
    expect((await c.call(admin, 'DELETE', `/api/admin/instances/${row.containerGuid}`)).statusCode).toBe(404);
    expect((await c.ok(admin, 'GET', '/api/admin/instances')).total).toBe(0);
  });

  it('destroys the containers of a challenge when it is disabled', async () => {
    await coolDown(ids.beta, ids.box);
    expect((await as(ben, 'POST', url(ids.box))).statusCode).toBe(200);
    const record = await t.app.containers.forInstance((await instanceOf(ids.beta, ids.box)).id);
    await c.ok(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${ids.box}`, { isEnabled: false });
    expect(await t.app.containers.get(record?.id ?? '')).toBeUndefined();
    expect(await testProvider().inspect(record?.runtime_id ?? '')).toBe('gone');
    await c.ok(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${ids.box}`, { isEnabled: true });
  });

  it('cleans up, after a restart, containers that expired while the server was down', async () => {
    await coolDown(ids.beta, ids.box2);
    expect((await as(ben, 'POST', url(ids.box2))).statusCode).toBe(200);
    const record = await t.app.containers.forInstance((await instanceOf(ids.beta, ids.box2)).id);
    if (!record) throw new Error('no container');
    await db()
      .updateTable('containers')
      .set({ expect_stop_at: Date.now() - 1_000 })
      .where('id', '=', record.id)
      .execute();
    const restarted = await t.reopen();
    await restarted.ready();
    const deadline = Date.now() + 15_000;
    while ((await restarted.containers.get(record.id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await restarted.containers.get(record.id)).toBeUndefined();
    expect(await testProvider().inspect(record.runtime_id)).toBe('gone');
  });
});
