// Uploaded images (§2.1, §2.2, §2.9, §1.10): avatars of users and teams, the platform logo and the favicon.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../src/services/admin-seed.ts';
import { asUser, register, sessionToken, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';
import { multipart } from './support/multipart.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

describe.each(databaseKinds())('images on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedAdmin(t.connection.db, { password: 'Harbour2024', announce: () => {} });
    admin = await signedIn(t.app, 'admin', 'Harbour2024');
    alice = sessionToken(await register(t.app, 'alice', 'alice@example.com')) as string;
    bob = sessionToken(await register(t.app, 'bob', 'bob@example.com')) as string;
  });
  afterAll(async () => t?.close());

  const put = (url: string, token: string, data: Buffer | string, name = 'image.png', method = 'PUT') =>
    t.app.inject({
      method: method as 'PUT',
      url,
      ...multipart([{ field: 'file', name, data }]),
      ...asUser(token),
    });
  const imageAt = async (url: string) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    return sharp(res.rawPayload).metadata();
  };
  const refCount = async (hash: string) =>
    (
      await t.connection.db
        .selectFrom('files')
        .select('ref_count')
        .where('hash', '=', hash)
        .executeTakeFirst()
    )?.ref_count;

  it('re-encodes an avatar as WebP 300 px wide, shown on the profile', async () => {
    const res = await put('/api/account/avatar', alice, await png(600, 400));
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json();
    expect(url).toMatch(/^\/assets\/[0-9a-f]{64}\/avatar$/);
    expect(await imageAt(url)).toMatchObject({ format: 'webp', width: 300, height: 200 });
    // Served as an image, so browsers show it in place rather than as a download.
    expect((await t.app.inject(url)).headers['content-type']).toBe('image/webp');
    const profile = await t.app.inject({ url: '/api/account/profile', ...asUser(alice) });
    expect(profile.json().avatar).toBe(url);
  });

  it("drops the old avatar's reference when it is replaced", async () => {
    const first = (await put('/api/account/avatar', bob, await png(320, 320))).json();
    const firstHash = first.split('/')[2];
    expect(await refCount(firstHash)).toBe(1);
    const second = (await put('/api/account/avatar', bob, await png(310, 300))).json();
    expect(second).not.toBe(first);
    expect(await refCount(firstHash)).toBeUndefined();
    expect((await t.app.inject(first)).statusCode).toBe(404);
    // The same image again keeps its one reference.
    const again = (await put('/api/account/avatar', bob, await png(310, 300))).json();
    expect(again).toBe(second);
    expect(await refCount(second.split('/')[2])).toBe(1);
  });

  it('re-encodes a GIF as WebP too', async () => {
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#08f' } })
      .gif()
      .toBuffer();
    const url = (await put('/api/account/avatar', alice, gif, 'a.gif')).json();
    expect(await imageAt(url)).toMatchObject({ format: 'webp', width: 300, height: 300 });
  });

  it('refuses files that are not images, empty, or larger than 3 MiB with a 400 envelope', async () => {
    for (const [data, title] of [
      ['just some text, not an image', /not an image/],
      ['', /empty/],
      [Buffer.alloc(4 * 1024 * 1024, 1), /larger than 3 MiB/],
    ] as const) {
      const res = await put('/api/account/avatar', alice, data);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, title: expect.stringMatching(title) });
    }
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/account/avatar',
      payload: {},
      ...asUser(alice),
    });
    expect(json.statusCode).toBe(400);
    expect((await put('/api/account/avatar', '', await png(10, 10))).statusCode).toBe(401);
  });

  it('lets only the captain set a team avatar', async () => {
    const team = await t.app.inject({
      method: 'POST',
      url: '/api/team',
      payload: { name: 'pixels' },
      ...asUser(alice),
    });
    const id = team.json().id;
    expect((await put(`/api/team/${id}/avatar`, bob, await png(400, 400))).statusCode).toBe(403);
    expect((await put('/api/team/999999/avatar', alice, await png(400, 400))).statusCode).toBe(404);
    const res = await put(`/api/team/${id}/avatar`, alice, await png(400, 400));
    expect(res.statusCode, res.body).toBe(200);
    expect(await imageAt(res.json())).toMatchObject({ format: 'webp', width: 300 });
    expect((await t.app.inject(`/api/team/${id}`)).json().avatar).toBe(res.json());
  });

  it('sets a logo shown in the client config and a favicon, and resets both', async () => {
    const builtIn = await t.app.inject('/favicon.webp');
    expect(builtIn.statusCode).toBe(200);
    expect(builtIn.headers['content-type']).toBe('image/webp');
    expect((await sharp(builtIn.rawPayload).metadata()).format).toBe('webp');

    expect(
      (await put('/api/admin/config/logo', alice, await png(800, 800), 'l.png', 'POST')).statusCode,
    ).toBe(403);
    const res = await put('/api/admin/config/logo', admin, await png(1000, 500), 'logo.png', 'POST');
    expect(res.statusCode, res.body).toBe(200);
    const { logoUrl } = (await t.app.inject('/api/config')).json();
    expect(logoUrl).toMatch(/^\/assets\/[0-9a-f]{64}\/logo$/);
    expect(await imageAt(logoUrl)).toMatchObject({ format: 'webp', width: 640 });

    const favicon = await t.app.inject('/favicon.webp');
    expect(await sharp(favicon.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256 });
    const etag = String(favicon.headers.etag);
    expect(etag).toMatch(/^W\/"favicon-[0-9a-f]{8}"$/);
    expect(
      (await t.app.inject({ url: '/favicon.webp', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);

    // Saving the configuration keeps the logo, whatever the form sends.
    const config = (await t.app.inject({ url: '/api/admin/config', ...asUser(admin) })).json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/config',
      payload: { globalConfig: { ...config.globalConfig, logoHash: null } },
      ...asUser(admin),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject('/api/config')).json().logoUrl).toBe(logoUrl);

    const reset = await t.app.inject({ method: 'DELETE', url: '/api/admin/config/logo', ...asUser(admin) });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject('/api/config')).json().logoUrl).toBeNull();
    expect((await t.app.inject(logoUrl)).statusCode).toBe(404);
    expect((await t.app.inject('/favicon.webp')).rawPayload.equals(builtIn.rawPayload)).toBe(true);
  });
});
