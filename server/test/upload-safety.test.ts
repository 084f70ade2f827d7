// Uploads as an attacker sends them (§4.18, issue #28 point 5): files are served with the type their bytes have, never
// the one their name claims, with nosniff, and saved rather than shown unless the platform re-encoded them as an
// image; images a user uploads never come back byte for byte.
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../src/services/admin-seed.ts';
import { gameBody } from './games/helpers.ts';
import { asUser, register, sessionToken, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';
import { multipart } from './support/multipart.ts';

const payload = '<html><script>alert(document.domain)</script></html>';

const solid = (background: string) => sharp({ create: { width: 40, height: 30, channels: 3, background } });

/** Valid GIFs that also hold HTML: in a comment block, and after the trailer (GIFAR-style). */
const polyglotGifs = async (): Promise<Buffer[]> => {
  const gif = await solid('#08f').gif().toBuffer();
  const html = Buffer.from(payload);
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, html.length]), html, Buffer.from([0x00])]);
  return [Buffer.concat([gif.subarray(0, -1), comment, gif.subarray(-1)]), Buffer.concat([gif, html])];
};

const animatedGif = async (): Promise<Buffer> => {
  const frames = await Promise.all(['#f00', '#0f0', '#00f'].map((c) => solid(c).png().toBuffer()));
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: 100 })
    .toBuffer();
};

/** `count` frames `size` px square in two colours: each frame a few kilobytes to store, `size`² pixels to decode. */
const largeAnimation = async (size: number, count: number): Promise<Buffer> => {
  const frames = await Promise.all(
    ['#f00', '#00f'].map(async (background) => {
      const gif = await sharp({ create: { width: size, height: size, channels: 3, background } })
        .gif()
        .toBuffer();
      // The frame with the file's global colour table moved into it as its own, so frames can follow each other.
      const packed = gif[10] as number;
      const table = gif.subarray(13, 13 + 3 * 2 ** ((packed & 7) + 1));
      const rest = gif.subarray(13 + table.length, -1);
      const at = rest.indexOf(0x2c);
      const descriptor = Buffer.from(rest.subarray(at, at + 10));
      descriptor[9] = 0x80 | (packed & 7);
      return Buffer.concat([rest.subarray(0, at), descriptor, table, rest.subarray(at + 10)]);
    }),
  );
  const header = Buffer.from('GIF89a\0\0\0\0\0\0\0', 'latin1');
  header.writeUInt16LE(size, 6);
  header.writeUInt16LE(size, 8);
  return Buffer.concat([
    header,
    ...Array.from({ length: count }, (_, i) => frames[i % 2] as Buffer),
    Buffer.from([0x3b]),
  ]);
};

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script>' +
    '<rect width="64" height="64" fill="red"/></svg>',
);

describe.each(databaseKinds())('upload safety on $name', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let alice: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-upload-safety-'));
    t = await startTestApp(kind, { PENNON_DATA_DIR: dataDir });
    await seedAdmin(t.connection.db, { password: 'Harbour2024', announce: () => {} });
    admin = await signedIn(t.app, 'admin', 'Harbour2024');
    alice = sessionToken(await register(t.app, 'alice', 'alice@example.com')) as string;
  });
  afterAll(async () => t?.close());

  const asset = async (name: string, data: Buffer | string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/assets',
      ...multipart([{ field: 'files', name, data, type: 'image/png' }]),
      ...asUser(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json()[0].hash as string;
  };
  const image = (url: string, token: string, data: Buffer | string, name = 'image.png', method = 'PUT') =>
    t.app.inject({
      method: method as 'PUT',
      url,
      ...multipart([{ field: 'file', name, data, type: 'image/png' }]),
      ...asUser(token),
    });
  const newGame = async (): Promise<number> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/edit/games',
      payload: gameBody(),
      ...asUser(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id;
  };
  const fileCount = async () =>
    Number(
      (
        await t.connection.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const servedImage = async (url: string) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
    });
    return res.rawPayload;
  };

  it('serves HTML uploaded as x.png as a download of unknown type, whatever the URL says', async () => {
    const hash = await asset('x.png', payload);
    for (const name of ['x.png', 'x.html', 'x.svg']) {
      const res = await t.app.inject(`/assets/${hash}/${name}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(payload);
      expect(res.headers).toMatchObject({
        'content-type': 'application/octet-stream',
        'x-content-type-options': 'nosniff',
        'content-disposition': `attachment; filename=${name}`,
      });
    }
  });

  it('serves an SVG asset as a download, never as an image', async () => {
    const hash = await asset('logo.svg', svg);
    const res = await t.app.inject(`/assets/${hash}/logo.svg`);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it("serves an admin's challenge file as it was uploaded, typed by its bytes, under its own name", async () => {
    const png = await solid('#c03').png().toBuffer();
    const hash = await asset('map.bin', png);
    const res = await t.app.inject(`/assets/${hash}/chall's map (v2).png`);
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="chall's map (v2).png"`,
    });
    const archive = await asset('报告.zip', Buffer.from('504b0304140000000000', 'hex'));
    const zip = await t.app.inject(`/assets/${archive}/${encodeURIComponent('报告.zip')}`);
    expect(zip.headers).toMatchObject({
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="??.zip"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.zip`,
    });
  });

  it("keeps a challenge's attachment byte for byte, served as a download typed by its bytes", async () => {
    const [gif] = await polyglotGifs();
    const gameId = await newGame();
    const base = `/api/edit/games/${gameId}/challenges`;
    const create = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { title: 'Stego', category: 'Misc', type: 'StaticAttachment' },
      ...asUser(admin),
    });
    const challenge = `${base}/${create.json().id}`;
    const attach = await t.app.inject({
      method: 'POST',
      url: `${challenge}/attachment`,
      payload: { attachmentType: 'Local', fileHash: await asset('stego.gif', gif as Buffer) },
      ...asUser(admin),
    });
    expect(attach.statusCode, attach.body).toBe(200);
    const { url } = (await t.app.inject({ url: challenge, ...asUser(admin) })).json().attachment;
    const res = await t.app.inject(url);
    expect(res.rawPayload.equals(gif as Buffer)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/gif',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'attachment; filename=stego.gif',
    });
  });

  it('re-encodes a GIF polyglot avatar so neither its bytes nor its payload are served', async () => {
    for (const gif of await polyglotGifs()) {
      expect((await sharp(gif).metadata()).format).toBe('gif');
      expect(gif.includes(payload)).toBe(true);
      const res = await image('/api/account/avatar', alice, gif, 'cat.gif');
      expect(res.statusCode, res.body).toBe(200);
      const served = await servedImage(res.json());
      expect(served.equals(gif)).toBe(false);
      expect(served.includes('<script>')).toBe(false);
      expect(served.includes('alert')).toBe(false);
      expect((await sharp(served).metadata()).format).toBe('webp');
    }
  });

  it('keeps the frames of an animated GIF avatar', async () => {
    const res = await image('/api/account/avatar', alice, await animatedGif(), 'dance.gif');
    expect(res.statusCode, res.body).toBe(200);
    const served = await servedImage(res.json());
    expect(await sharp(served).metadata()).toMatchObject({ format: 'webp', pages: 3, width: 300 });
  });

  it('keeps only the first frame of an animation too large to re-encode whole', async () => {
    const gif = await largeAnimation(2000, 7);
    expect(await sharp(gif).metadata()).toMatchObject({ format: 'gif', width: 2000, pages: 7 });
    expect(gif.length).toBeLessThan(64 * 1024);
    const res = await image('/api/account/avatar', alice, gif, 'huge.gif');
    expect(res.statusCode, res.body).toBe(200);
    const served = await sharp(await servedImage(res.json())).metadata();
    expect(served).toMatchObject({ format: 'webp', width: 300, height: 300 });
    expect(served.pages ?? 1).toBe(1);
  });

  it('re-encodes JPEG and PNG avatars, logos and posters', async () => {
    const jpeg = await solid('#3a6')
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: payload } } })
      .toBuffer();
    const png = await solid('#a36').png().toBuffer();
    const gameId = await newGame();
    for (const upload of [jpeg, png]) {
      const avatar = await image('/api/account/avatar', alice, upload);
      const poster = await image(`/api/edit/games/${gameId}/poster`, admin, upload);
      const logo = await image('/api/admin/config/logo', admin, upload, 'logo.png', 'POST');
      expect(logo.statusCode, logo.body).toBe(200);
      const { logoUrl } = (await t.app.inject('/api/config')).json();
      for (const url of [avatar.json(), poster.json(), logoUrl]) {
        const served = await servedImage(url);
        expect(served.equals(upload)).toBe(false);
        expect(served.includes(payload)).toBe(false);
      }
    }
  });

  it('refuses an SVG as an avatar, a team avatar, a logo or a poster, storing nothing', async () => {
    const team = await t.app.inject({
      method: 'POST',
      url: '/api/team',
      payload: { name: 'vectors' },
      ...asUser(alice),
    });
    for (const [url, token, method] of [
      ['/api/account/avatar', alice, 'PUT'],
      [`/api/team/${team.json().id}/avatar`, alice, 'PUT'],
      ['/api/admin/config/logo', admin, 'POST'],
      [`/api/edit/games/${await newGame()}/poster`, admin, 'PUT'],
    ] as const) {
      const before = await fileCount();
      const res = await image(url, token, svg, 'x.svg', method);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, title: 'The file is not an image that can be read' });
      expect(await fileCount()).toBe(before);
    }
    expect(readdirSync(path.join(dataDir, 'uploads', '.staging'))).toEqual([]);
  });
});
