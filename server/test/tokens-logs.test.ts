// §1.2 / §2.3 API tokens as Bearer credentials on REST routes, and §2.2 the admin log.
import { ApiToken, ApiTokenResponse, LogMessageModel } from '@pennon/sdk/contract';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../src/services/admin-seed.ts';
import { asUser, login, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

describe.each(databaseKinds())('API tokens and logs on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedAdmin(t.connection.db, { password: 'Harbour2024', announce: () => {} });
    admin = await signedIn(t.app, 'admin', 'Harbour2024');
  });
  afterAll(async () => t?.close());

  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const create = async (name: string, expiresIn?: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      payload: { name, ...(expiresIn !== undefined && { expiresIn }) },
      ...asUser(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Value.Check(ApiTokenResponse, res.json())).toBe(true);
    return res.json() as ApiTokenResponse;
  };

  it('issues tokens in the §1.2 format that act as their creator on any REST route', async () => {
    const { token, info } = await create('monitor bot', 30);
    const [body, signature] = token.split('.');
    const payload = JSON.parse(Buffer.from(body as string, 'base64url').toString());
    expect(payload).toMatchObject({ jti: info.id, iat: expect.any(Number), exp: expect.any(Number) });
    expect(payload.exp - payload.iat).toBe(30 * 86_400);
    expect(Buffer.from(signature as string, 'base64url')).toHaveLength(64);
    expect(info).toMatchObject({ name: 'monitor bot', isRevoked: false, lastUsedAt: null, creator: 'admin' });

    const me = await t.app.inject({ url: '/api/account/profile', ...bearer(token) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ userName: 'admin', role: 'Admin' });
    expect((await t.app.inject({ url: '/api/admin/users', ...bearer(token) })).statusCode).toBe(200);

    const list = await t.app.inject({ url: '/api/tokens', ...asUser(admin) });
    const listed = (list.json() as ApiToken[]).find((item) => item.id === info.id);
    expect(listed && Value.Check(ApiToken, listed)).toBe(true);
    expect(listed?.lastUsedAt).toEqual(expect.any(Number));
  });

  it('refuses revoked tokens until restored, and deleted, tampered or expired ones', async () => {
    const { token, info } = await create('revocable');
    const profile = () => t.app.inject({ url: '/api/account/profile', ...bearer(token) });
    expect((await profile()).statusCode).toBe(200);

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/tokens/${info.id}`, ...asUser(admin) });
    expect(revoke.statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(401);
    expect((await profile()).json()).toMatchObject({ status: 401 });

    const restore = await t.app.inject({
      method: 'POST',
      url: `/api/tokens/${info.id}/restore`,
      ...asUser(admin),
    });
    expect(restore.statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(200);

    const [body, signature] = token.split('.') as [string, string];
    const flipped = Buffer.from(signature, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    const tampered = `${body}.${flipped.toString('base64url')}`;
    expect((await t.app.inject({ url: '/api/account/profile', ...bearer(tampered) })).statusCode).toBe(401);
    const forgedBody = Buffer.from(JSON.stringify({ jti: info.id, iat: 0 })).toString('base64url');
    const forged = `${forgedBody}.${signature}`;
    expect((await t.app.inject({ url: '/api/account/profile', ...bearer(forged) })).statusCode).toBe(401);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${info.id}?delete=true`,
      ...asUser(admin),
    });
    expect(removed.statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/tokens/${info.id}/restore`,
      ...asUser(admin),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('');

    const { token: old, info: oldInfo } = await create('short-lived', 1);
    await t.connection.db
      .updateTable('api_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', oldInfo.id)
      .execute();
    expect((await t.app.inject({ url: '/api/account/profile', ...bearer(old) })).statusCode).toBe(401);
  });

  it('lets only admins manage tokens', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { userName: 'plain', email: 'plain@example.com', password: 'Secret123' },
    });
    const user = await signedIn(t.app, 'plain', 'Secret123');
    expect((await t.app.inject({ url: '/api/tokens', ...asUser(user) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/tokens' })).statusCode).toBe(401);
  });

  it('logs key actions, newest first, filtered by level', async () => {
    expect((await login(t.app, 'admin', 'wrong-password')).statusCode).toBe(401);
    const all = await t.app.inject({ url: '/api/admin/logs', ...asUser(admin) });
    expect(all.statusCode).toBe(200);
    const entries = all.json() as LogMessageModel[];
    expect(entries.every((entry) => Value.Check(LogMessageModel, entry))).toBe(true);
    expect(entries[0]).toMatchObject({
      level: 'Warning',
      name: 'admin',
      msg: 'Sign-in refused',
      ip: '127.0.0.1',
    });
    const times = entries.map((entry) => entry.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(entries.some((entry) => entry.msg === 'Registered and signed in' && entry.name === 'plain')).toBe(
      true,
    );
    expect(entries.some((entry) => /^API token refused/.test(entry.msg ?? ''))).toBe(true);

    const warnings = await t.app.inject({ url: '/api/admin/logs?level=Warning&count=2', ...asUser(admin) });
    const warned = warnings.json() as LogMessageModel[];
    expect(warned.length).toBe(2);
    expect(warned.every((entry) => entry.level === 'Warning')).toBe(true);
    const skipped = await t.app.inject({
      url: '/api/admin/logs?level=Warning&count=1&skip=1',
      ...asUser(admin),
    });
    expect(skipped.json()).toEqual([warned[1]]);
    expect((await t.app.inject({ url: '/api/admin/logs?level=Loud', ...asUser(admin) })).statusCode).toBe(
      400,
    );
  });

  it('logs a sign-in under a name longer than its column, cut to the column on a character boundary', async () => {
    // 63 letters, then emoji (two UTF-16 units each): cutting at 64 units would leave half of one.
    const name = `${'a'.repeat(63)}${'\u{1F600}'.repeat(5000)}`;
    expect((await login(t.app, name, 'wrong-password')).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/admin/logs?level=Warning&count=1', ...asUser(admin) });
    expect(res.json()).toMatchObject([
      { msg: 'Sign-in refused', name: `${'a'.repeat(63)}\u{1F600}`, ip: '127.0.0.1' },
    ]);
  });
});
