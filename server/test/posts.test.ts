// Posts (§2.5, §2.7): ordering with pins, the pin-only update, authorship, 404s, the edit guard and ETags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../src/services/admin-seed.ts';
import { asUser, register, sessionToken, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

describe.each(databaseKinds())('posts on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedAdmin(t.connection.db, { password: 'Harbour2024', announce: () => {} });
    admin = await signedIn(t.app, 'admin', 'Harbour2024');
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, ...(payload && { payload }), ...asUser(token) });
  const create = async (title: string, extra: object = {}): Promise<string> => {
    const res = await call('POST', '/api/edit/posts', {
      title,
      summary: `${title}!`,
      content: '# Hi',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    return res.json();
  };
  const titles = async (url: string) =>
    (await t.app.inject(url)).json().map((post: { title: string }) => post.title);
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('publishes a post by the caller and shows it in full', async () => {
    const id = await create('Welcome', { tags: ['news', 'start'], content: '**markdown** <kept>' });
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    const res = await t.app.inject(`/api/posts/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      title: 'Welcome',
      summary: 'Welcome!',
      content: '**markdown** <kept>',
      tags: ['news', 'start'],
      isPinned: false,
      authorName: 'admin',
      authorAvatar: null,
      time: expect.any(Number),
    });
  });

  it('lists pinned posts first, then the newest update', async () => {
    await call('DELETE', `/api/edit/posts/${(await t.app.inject('/api/posts')).json()[0].id}`);
    const old = await create('Old');
    await tick();
    await create('Middle');
    await tick();
    await create('New');
    await tick();
    await create('Pinned', { isPinned: true });
    expect(await titles('/api/posts')).toEqual(['Pinned', 'New', 'Middle', 'Old']);
    await tick();
    await call('PUT', `/api/edit/posts/${old}`, { summary: 'edited' });
    expect(await titles('/api/posts/latest')).toEqual(['Pinned', 'Old', 'New', 'Middle']);
  });

  it('keeps only the 20 latest in /api/posts/latest', async () => {
    for (let i = 0; i < 18; i++) await create(`Bulk ${i}`);
    expect(await titles('/api/posts/latest')).toHaveLength(20);
    expect((await titles('/api/posts')).length).toBe(22);
  });

  it('changes only the pin when isPinned is given, keeping the time', async () => {
    const id = await create('Pin me');
    const before = (await t.app.inject(`/api/posts/${id}`)).json();
    await tick();
    const res = await call('PUT', `/api/edit/posts/${id}`, { isPinned: true, title: 'ignored' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...before, isPinned: true });
  });

  it('replaces the given fields, taking the editor as author and now as time', async () => {
    const id = await create('Draft', { tags: ['a'] });
    const before = (await t.app.inject(`/api/posts/${id}`)).json();
    await tick();
    const res = await call('PUT', `/api/edit/posts/${id}`, { title: 'Final', isPinned: null });
    expect(res.json()).toMatchObject({ title: 'Final', summary: 'Draft!', tags: ['a'], content: '# Hi' });
    expect(res.json().time).toBeGreaterThan(before.time);
  });

  it('answers 404 for unknown posts', async () => {
    expect((await t.app.inject('/api/posts/deadbeef')).json()).toMatchObject({ status: 404 });
    expect((await call('PUT', '/api/edit/posts/deadbeef', { title: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/edit/posts/deadbeef', { isPinned: true })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/edit/posts/deadbeef')).statusCode).toBe(404);
  });

  it('deletes a post', async () => {
    const id = await create('Short-lived');
    expect((await call('DELETE', `/api/edit/posts/${id}`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/posts/${id}`)).statusCode).toBe(404);
  });

  it('refuses edits to anonymous callers and users', async () => {
    const user = sessionToken(await register(t.app, 'reader', 'reader@example.com')) as string;
    const id = await create('Guarded');
    for (const [token, status] of [
      ['', 401],
      [user, 403],
    ] as const) {
      expect((await call('POST', '/api/edit/posts', { title: 'x' }, token)).statusCode).toBe(status);
      expect((await call('PUT', `/api/edit/posts/${id}`, { title: 'x' }, token)).statusCode).toBe(status);
      expect((await call('DELETE', `/api/edit/posts/${id}`, undefined, token)).statusCode).toBe(status);
    }
    expect((await call('POST', '/api/edit/posts', { title: 'x'.repeat(51) })).statusCode).toBe(400);
  });

  it('answers 304 on a matching ETag until the posts change', async () => {
    const id = await create('Cached');
    for (const url of ['/api/posts', '/api/posts/latest', `/api/posts/${id}`]) {
      const first = await t.app.inject(url);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\//);
      expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    }
    const etag = String((await t.app.inject('/api/posts')).headers.etag);
    await call('PUT', `/api/edit/posts/${id}`, { summary: 'changed' });
    expect((await t.app.inject({ url: '/api/posts', headers: { 'if-none-match': etag } })).statusCode).toBe(
      200,
    );
  });

  it("shows the author's current name and avatar, and no author once they are gone", async () => {
    const id = await create('Authored');
    await t.connection.db
      .updateTable('users')
      .set({ avatar_hash: 'a'.repeat(64) })
      .where('user_name', '=', 'admin')
      .execute();
    expect((await t.app.inject(`/api/posts/${id}`)).json()).toMatchObject({
      authorName: 'admin',
      authorAvatar: `/assets/${'a'.repeat(64)}/avatar`,
    });
    await t.connection.db
      .updateTable('users')
      .set({ avatar_hash: null })
      .where('user_name', '=', 'admin')
      .execute();
    const editor = sessionToken(await register(t.app, 'editor', 'editor@example.com')) as string;
    await t.connection.db
      .updateTable('users')
      .set({ role: 'Admin' })
      .where('user_name', '=', 'editor')
      .execute();
    await call('PUT', `/api/edit/posts/${id}`, { content: 'by editor' }, editor);
    await t.connection.db.deleteFrom('users').where('user_name', '=', 'editor').execute();
    expect((await t.app.inject(`/api/posts/${id}`)).json()).toMatchObject({
      authorName: null,
      authorAvatar: null,
    });
  });
});
