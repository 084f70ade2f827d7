// Stored files (§2.4, §4.18): admin uploads, downloads with their caching headers, reference counts on disk.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../src/services/admin-seed.ts';
import { asUser, register, sessionToken, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';
import { type FormFile, multipart } from './support/multipart.ts';

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

describe.each(databaseKinds())('assets on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-assets-'));
    t = await startTestApp(kind, { PENNON_DATA_DIR: dataDir });
    await seedAdmin(t.connection.db, { password: 'Harbour2024', announce: () => {} });
    admin = await signedIn(t.app, 'admin', 'Harbour2024');
  });
  afterAll(async () => t?.close());

  const upload = (files: FormFile[], query = '', token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/assets${query}`, ...multipart(files), ...asUser(token) });
  const blobPath = (hash: string) => path.join(dataDir, 'uploads', hash.slice(0, 2), hash.slice(2, 4), hash);
  const refCount = async (hash: string) =>
    (
      await t.connection.db
        .selectFrom('files')
        .select('ref_count')
        .where('hash', '=', hash)
        .executeTakeFirst()
    )?.ref_count;

  it('stores an upload and serves the same bytes with download headers', async () => {
    const content = 'flag{content addressed}\n';
    const hash = sha256(content);
    const res = await upload([{ field: 'files', name: 'notes.txt', data: content }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([{ hash, name: 'notes.txt' }]);
    expect(existsSync(blobPath(hash))).toBe(true);

    const got = await t.app.inject(`/assets/${hash}/résumé notes.txt`);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(Buffer.from(content))).toBe(true);
    expect(got.headers).toMatchObject({
      // Text has no signature to sniff, so it is saved as bytes of unknown type.
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="r?sum? notes.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20notes.txt`,
      etag: `"${hash.slice(8, 16)}"`,
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(new Date(String(got.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    expect((await t.app.inject(`/assets/${hash}/data.bin`)).headers['content-type']).toBe(
      'application/octet-stream',
    );

    const again = await t.app.inject({
      url: `/assets/${hash}/notes.txt`,
      headers: { 'if-none-match': `"${hash.slice(8, 16)}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers a 404 envelope for an unknown hash', async () => {
    const res = await t.app.inject(`/assets/${'0'.repeat(64)}/x.txt`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
  });

  it('keeps one blob for identical content, counted, until the last reference goes', async () => {
    const content = 'the same bytes twice';
    const hash = sha256(content);
    await upload([{ field: 'files', name: 'a.txt', data: content }]);
    const second = await upload([{ field: 'files', name: 'b.txt', data: content }]);
    expect(second.json()).toEqual([{ hash, name: 'b.txt' }]);
    expect(await refCount(hash)).toBe(2);
    expect(readdirSync(path.dirname(blobPath(hash)))).toEqual([hash]);

    const del = () => t.app.inject({ method: 'DELETE', url: `/api/assets/${hash}`, ...asUser(admin) });
    expect((await del()).statusCode).toBe(200);
    expect(await refCount(hash)).toBe(1);
    expect((await t.app.inject(`/assets/${hash}/b.txt`)).body).toBe(content);

    expect((await del()).statusCode).toBe(200);
    expect(await refCount(hash)).toBeUndefined();
    expect(existsSync(blobPath(hash))).toBe(false);
    expect((await t.app.inject(`/assets/${hash}/b.txt`)).statusCode).toBe(404);
    expect((await del()).statusCode).toBe(404);
  });

  it('stores several files at once, skipping empty ones, under an optional common name', async () => {
    const res = await upload(
      [
        { field: 'files', name: 'one.txt', data: 'one' },
        { field: 'files', name: 'empty.txt', data: '' },
        { field: 'files', name: 'two.txt', data: 'two' },
      ],
      '?filename=shared.txt',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { hash: sha256('one'), name: 'shared.txt' },
      { hash: sha256('two'), name: 'shared.txt' },
    ]);
  });

  it('keeps nothing from a request refused for carrying too many files', async () => {
    const files = Array.from({ length: 65 }, (_, i) => ({
      field: 'files',
      name: `bulk-${i}.txt`,
      data: `bulk file ${i}`,
    }));
    const res = await upload(files);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, title: expect.any(String) });
    for (const i of [0, 31, 63]) {
      expect(await refCount(sha256(`bulk file ${i}`))).toBeUndefined();
      expect(existsSync(blobPath(sha256(`bulk file ${i}`)))).toBe(false);
    }
  });

  it('lists stored files by name for admins', async () => {
    await upload([{ field: 'files', name: 'zz-last.txt', data: 'last' }]);
    await upload([{ field: 'files', name: 'aa-first.txt', data: 'first' }]);
    const res = await t.app.inject({ url: '/api/admin/files?count=500', ...asUser(admin) });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((f: { name: string }) => f.name);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('aa-first.txt');
    expect(res.json()).toMatchObject({ length: names.length, total: names.length });
    const page = await t.app.inject({ url: '/api/admin/files?count=1&skip=1', ...asUser(admin) });
    expect(page.json().data).toEqual([res.json().data[1]]);
  });

  it('refuses uploads and deletions to anyone but admins, and non-multipart bodies', async () => {
    const user = sessionToken(await register(t.app, 'uploader', 'uploader@example.com'));
    const files = [{ field: 'files', name: 'x.txt', data: 'x' }];
    expect((await upload(files, '', '')).statusCode).toBe(401);
    expect((await upload(files, '', user)).statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/assets/${'a'.repeat(64)}`,
      ...asUser(user),
    });
    expect(del.statusCode).toBe(403);
    const json = await t.app.inject({ method: 'POST', url: '/api/assets', payload: {}, ...asUser(admin) });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ status: 400 });
  });
});
