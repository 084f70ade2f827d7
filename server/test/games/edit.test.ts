// Games, divisions, challenges, attachments and flags as admins edit them (§2.5).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { multipart } from '../support/multipart.ts';
import { gameBody, gameClient, signInAdmin } from './helpers.ts';

describe.each(databaseKinds())('game editing on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let client: ReturnType<typeof gameClient>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t.app, t.connection.db);
    client = gameClient(t.app);
  });
  afterAll(async () => t?.close());

  const ok = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    client.ok(admin, method, url, payload);
  const fails = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload: unknown,
    status: number,
  ) => {
    const res = await client.call(admin, method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status, title: expect.any(String) });
    return res.json().title as string;
  };

  it('creates a game with defaults and a fresh Ed25519 public key, never the private one', async () => {
    const game = await ok('POST', '/api/edit/games', gameBody({ bloodBonus: (1001 << 20) + 1, poster: 'x' }));
    expect(game).toMatchObject({
      title: 'Harbour CTF',
      hidden: false,
      practiceMode: true,
      acceptWithoutReview: false,
      containerCountLimit: 3,
      teamMemberCountLimit: 0,
      bloodBonus: 52459530,
      poster: null,
      inviteCode: null,
    });
    expect(Buffer.from(game.publicKey, 'base64')).toHaveLength(32);
    expect(JSON.stringify(game)).not.toMatch(/private/i);
    const other = await ok('POST', '/api/edit/games', gameBody({ start: '2030-01-01T00:00:00Z' }));
    expect(other.start).toBe(Date.parse('2030-01-01T00:00:00Z'));
    expect(other.publicKey).not.toBe(game.publicKey);
  });

  it('starts a new game hidden: players find it nowhere until the admin publishes it', async () => {
    const body = { title: 'Draft Cup', start: Date.now() - 3_600_000, end: Date.now() + 3_600_000 };
    const game = await ok('POST', '/api/edit/games', body);
    expect(game.hidden).toBe(true);
    const seen = async () => {
      const recent = (await t.app.inject('/api/game/recent')).json() as { id: number }[];
      const list = (await t.app.inject('/api/game?count=50')).json() as { data: { id: number }[] };
      const feed = await t.app.inject(`/api/game/${game.id}/ctftime`);
      return {
        recent: recent.some((g) => g.id === game.id),
        list: list.data.some((g) => g.id === game.id),
        ctftime: feed.statusCode,
      };
    };
    expect(await seen()).toEqual({ recent: false, list: false, ctftime: 404 });
    // Publishing: the same game saved with `hidden: false`, as GZ::CTF's client saves it.
    await ok('PUT', `/api/edit/games/${game.id}`, { ...body, hidden: false });
    expect(await seen()).toEqual({ recent: true, list: true, ctftime: 200 });
  });

  it('lists, reads, overwrites and deletes games', async () => {
    const { id } = await ok(
      'POST',
      '/api/edit/games',
      gameBody({ title: 'Listed', hidden: true, inviteCode: 'c' }),
    );
    expect(await ok('GET', '/api/edit/games')).toMatchObject({ data: [], length: 0 });
    const page = await ok('GET', '/api/edit/games?count=1');
    expect(page).toMatchObject({ length: 1, data: [{ id, title: 'Listed' }] });
    expect(page.total).toBeGreaterThanOrEqual(2);
    const updated = await ok(
      'PUT',
      `/api/edit/games/${id}`,
      gameBody({ title: 'Renamed', practiceMode: false }),
    );
    // Not a patch: fields left out take their defaults again.
    expect(updated).toMatchObject({ title: 'Renamed', hidden: false, inviteCode: null, practiceMode: false });
    expect(await ok('GET', `/api/edit/games/${id}`)).toEqual(updated);
    await ok('DELETE', `/api/edit/games/${id}`);
    await fails('GET', `/api/edit/games/${id}`, undefined, 404);
    await fails('PUT', `/api/edit/games/${id}`, gameBody(), 404);
    await fails('POST', '/api/edit/games', { title: 'No dates' }, 400);
  });

  it('takes a WebP poster of at most 3 MiB', async () => {
    const { id } = await ok('POST', '/api/edit/games', gameBody());
    const png = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
    const put = (data: Buffer) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/edit/games/${id}/poster`,
        ...multipart([{ field: 'file', name: 'p.png', data }]),
        ...asUser(admin),
      });
    const res = await put(png);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json();
    expect(url).toMatch(/^\/assets\/[0-9a-f]{64}\/poster$/);
    const image = await t.app.inject(url);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    expect((await ok('GET', `/api/edit/games/${id}`)).poster).toBe(url);
    expect((await put(Buffer.alloc(3 * 1024 * 1024 + 1))).statusCode).toBe(400);
    expect((await put(Buffer.from('not an image'))).json().title).toMatch(/image/);
  });

  it('manages divisions with per-challenge overrides', async () => {
    const { id } = await ok('POST', '/api/edit/games', gameBody());
    const challenge = await ok('POST', `/api/edit/games/${id}/challenges`, {
      title: 'Warmup',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    const division = await ok('POST', `/api/edit/games/${id}/divisions`, {
      name: 'Students',
      inviteCode: 'learn',
      challengeConfigs: [{ challengeId: challenge.id, permissions: 1 }, { challengeId: 99999 }],
    });
    expect(division).toMatchObject({
      name: 'Students',
      inviteCode: 'learn',
      defaultPermissions: 2147483647,
      challengeConfigs: [{ challengeId: challenge.id, permissions: 1 }],
    });
    const edited = await ok('PUT', `/api/edit/games/${id}/divisions/${division.id}`, {
      defaultPermissions: 257,
    });
    expect(edited).toMatchObject({
      name: 'Students',
      defaultPermissions: 257,
      challengeConfigs: [{ permissions: 1 }],
    });
    const cleared = await ok('PUT', `/api/edit/games/${id}/divisions/${division.id}`, {
      challengeConfigs: [],
    });
    expect(cleared.challengeConfigs).toEqual([]);
    expect(await ok('GET', `/api/edit/games/${id}/divisions`)).toEqual([cleared]);
    await ok('DELETE', `/api/edit/games/${id}/divisions/${division.id}`);
    await fails('DELETE', `/api/edit/games/${id}/divisions/${division.id}`, undefined, 404);
    await fails('GET', '/api/edit/games/99999/divisions', undefined, 404);
    await fails('POST', `/api/edit/games/${id}/divisions`, { name: 'x'.repeat(32) }, 400);
  });

  it('creates disabled challenges with defaults and enforces the update rules', async () => {
    const { id } = await ok('POST', '/api/edit/games', gameBody());
    const base = `/api/edit/games/${id}/challenges`;
    const created = await ok('POST', base, { title: 'Box', category: 'Web', type: 'StaticAttachment' });
    expect(created).toMatchObject({
      isEnabled: false,
      originalScore: 1000,
      minScoreRate: 0.25,
      difficulty: 5,
      submissionLimit: 0,
      containerImage: '',
      memoryLimit: 64,
      storageLimit: 256,
      cpuCount: 1,
      exposePort: 80,
      networkMode: 'Open',
      fileName: 'attachment',
      flags: [],
      hints: [],
      attachment: null,
    });
    const url = `${base}/${created.id}`;
    expect(await fails('PUT', url, { isEnabled: true }, 400)).toMatch(/flag/);
    expect(await fails('PUT', url, { enableTrafficCapture: true }, 400)).toMatch(/container/);
    await fails('PUT', url, { fileName: '   ' }, 400);
    await fails('PUT', url, { submissionLimit: 10001 }, 400);

    const changed = await ok('PUT', url, {
      title: 'Box 2',
      hints: ['look'],
      deadlineUtc: 5000,
      containerImage: ' i ',
    });
    expect(changed).toMatchObject({
      title: 'Box 2',
      hints: ['look'],
      deadlineUtc: 5000,
      containerImage: 'i',
    });
    expect((await ok('PUT', url, { deadlineUtc: 0 })).deadlineUtc).toBeNull();

    await ok('POST', `${url}/flags`, [{ flag: 'flag{one}' }, { flag: 'flag{two}' }]);
    const enabled = await ok('PUT', url, { isEnabled: true });
    expect(enabled.isEnabled).toBe(true);
    expect(enabled.flags.map((f: { flag: string }) => f.flag)).toEqual(['flag{one}', 'flag{two}']);
    expect(await ok('GET', base)).toEqual([
      {
        id: created.id,
        title: 'Box 2',
        category: 'Web',
        type: 'StaticAttachment',
        isEnabled: true,
        score: 1000,
        minScore: 250,
        originalScore: 1000,
        deadlineUtc: null,
      },
    ]);

    const [one, two] = enabled.flags;
    expect(await ok('DELETE', `${url}/flags/${one.id}`)).toBe('Success');
    expect(await ok('DELETE', `${url}/flags/${one.id}`)).toBe('NotFound');
    expect((await ok('GET', url)).isEnabled).toBe(true);
    expect(await ok('DELETE', `${url}/flags/${two.id}`)).toBe('Success');
    expect((await ok('GET', url)).isEnabled).toBe(false);

    const dynamic = await ok('POST', base, { title: 'Dyn', category: 'Pwn', type: 'DynamicContainer' });
    const dynUrl = `${base}/${dynamic.id}`;
    expect(await fails('PUT', dynUrl, { flagTemplate: 'flag{abc}' }, 400)).toMatch(/trivial/);
    expect(
      (await ok('PUT', dynUrl, { flagTemplate: 'flag{[TEAM_HASH]}', enableTrafficCapture: true }))
        .flagTemplate,
    ).toBe('flag{[TEAM_HASH]}');
    expect((await ok('PUT', dynUrl, { flagTemplate: ' ' })).flagTemplate).toBeNull();
    // A DynamicContainer makes its flags: it may be enabled without any.
    expect((await ok('PUT', dynUrl, { isEnabled: true })).isEnabled).toBe(true);

    await ok('DELETE', dynUrl);
    await fails('GET', dynUrl, undefined, 404);
    await fails('PUT', `/api/edit/games/99999/challenges/${created.id}`, {}, 404);
    await fails('POST', base, { title: 'Bad', category: 'Nope', type: 'StaticAttachment' }, 400);
  });

  it('sets Local and Remote attachments, Local only from uploaded assets', async () => {
    const { id } = await ok('POST', '/api/edit/games', gameBody());
    const base = `/api/edit/games/${id}/challenges`;
    const { id: cid } = await ok('POST', base, {
      title: 'Files',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    const url = `${base}/${cid}`;
    expect(
      await fails('POST', `${url}/attachment`, { attachmentType: 'Local', fileHash: 'f'.repeat(64) }, 400),
    ).toMatch(/uploaded/);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/assets',
      ...multipart([{ field: 'files', name: 'task.zip', data: 'zip bytes' }]),
      ...asUser(admin),
    });
    const [{ hash }] = upload.json();
    await ok('POST', `${url}/attachment`, { attachmentType: 'Local', fileHash: hash });
    expect((await ok('GET', url)).attachment).toMatchObject({
      type: 'Local',
      url: `/assets/${hash}/task.zip`,
      fileSize: 9,
    });
    // The challenge holds its own reference: deleting the upload leaves the file served.
    await ok('DELETE', `/api/assets/${hash}`);
    expect((await t.app.inject(`/assets/${hash}/task.zip`)).statusCode).toBe(200);

    await ok('POST', `${url}/attachment`, { attachmentType: 'Remote', remoteUrl: 'https://files.example/x' });
    expect((await ok('GET', url)).attachment).toMatchObject({
      type: 'Remote',
      url: 'https://files.example/x',
      fileSize: null,
    });
    expect((await t.app.inject(`/assets/${hash}/task.zip`)).statusCode).toBe(404);
    await ok('POST', `${url}/attachment`, { attachmentType: 'None' });
    expect((await ok('GET', url)).attachment).toBeNull();

    const { id: dyn } = await ok('POST', base, {
      title: 'Per team',
      category: 'Misc',
      type: 'DynamicAttachment',
    });
    await fails(
      'POST',
      `${base}/${dyn}/attachment`,
      { attachmentType: 'Remote', remoteUrl: 'https://x' },
      400,
    );
    await ok('POST', `${base}/${dyn}/flags`, [
      { flag: 'flag{a}', attachmentType: 'Remote', remoteUrl: 'https://x/a' },
    ]);
    expect((await ok('GET', `${base}/${dyn}`)).flags).toMatchObject([
      { flag: 'flag{a}', attachment: { type: 'Remote', url: 'https://x/a' } },
    ]);
  });

  it('answers the team-hash salt, and keeps the edit routes to admins', async () => {
    const { id } = await ok('POST', '/api/edit/games', gameBody());
    expect(await ok('GET', `/api/edit/games/${id}/hashsalt`)).toMatch(/^[0-9a-f]{64}$/);
    const player = await client.signUp('nosy');
    expect((await client.call(player.token, 'GET', `/api/edit/games/${id}`)).statusCode).toBe(403);
    expect((await client.call(null, 'POST', '/api/edit/games', gameBody())).statusCode).toBe(401);
  });
});
