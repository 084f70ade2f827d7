// API tokens issuing API tokens: only a token an admin's session issued may, and revoking or deleting a token revokes
// every token minted from it, however far down, so a leaked token leaves no working copies behind.
import type { ApiTokenResponse } from '@pennon/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../src/services/admin-seed.ts';
import { ApiTokenService } from '../src/services/api-tokens.ts';
import { PlatformSecrets } from '../src/services/platform-secrets.ts';
import { asUser, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

describe.each(databaseKinds())('API tokens minting tokens on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedAdmin(t.connection.db, { password: 'Harbour2024', announce: () => {} });
    admin = await signedIn(t.app, 'admin', 'Harbour2024');
  });
  afterAll(async () => t?.close());

  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  /** Issues a token as the admin's session, or as the request of `token`. */
  const issue = (name: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      payload: { name },
      ...(token ? bearer(token) : asUser(admin)),
    });
  const issued = async (name: string, token?: string) => {
    const res = await issue(name, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ApiTokenResponse;
  };
  const works = async (token: string) =>
    (await t.app.inject({ url: '/api/account/profile', ...bearer(token) })).statusCode === 200;
  const manage = (method: 'DELETE' | 'POST', url: string) => t.app.inject({ method, url, ...asUser(admin) });

  it('lets a token from an admin session issue tokens, but not a token another token issued', async () => {
    const fromSession = await issued('deploy bot');
    const minted = await issued('ci job', fromSession.token);
    expect(await works(minted.token)).toBe(true);

    const refused = await issue('ci job copy', minted.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      title: 'A token issued by another token cannot issue tokens',
      status: 403,
    });
    const list = await t.app.inject({ url: '/api/tokens', ...asUser(admin) });
    expect((list.json() as { name: string }[]).map((token) => token.name)).not.toContain('ci job copy');
    // The minted token is otherwise an admin token like its minter.
    expect((await t.app.inject({ url: '/api/tokens', ...bearer(minted.token) })).statusCode).toBe(200);
  });

  it('revokes every token minted from a deleted token, down every generation', async () => {
    const root = await issued('root bot');
    const child = await issued('child', root.token);
    const sibling = await issued('sibling', root.token);
    // Deeper generations cannot be made through the API any more; tokens issued before that rule could exist.
    const service = new ApiTokenService(t.connection.db, new PlatformSecrets(t.connection.db));
    const grandchild = await service.create(root.info.creatorId, { name: 'grandchild' }, child.info.id);
    const unrelated = await issued('unrelated');
    for (const { token } of [child, sibling, grandchild]) expect(await works(token)).toBe(true);

    expect((await manage('DELETE', `/api/tokens/${root.info.id}?delete=true`)).statusCode).toBe(200);
    for (const { token } of [root, child, sibling, grandchild]) expect(await works(token)).toBe(false);
    expect(await works(unrelated.token)).toBe(true);

    // Restored by hand, a minted token still cannot issue tokens: its minter is gone, not a session.
    expect((await manage('POST', `/api/tokens/${child.info.id}/restore`)).statusCode).toBe(200);
    expect(await works(child.token)).toBe(true);
    expect((await issue('again', child.token)).statusCode).toBe(403);
  });

  it('revokes the tokens minted from a revoked token, and restores only the one restored', async () => {
    const minter = await issued('minter');
    const minted = await issued('minted', minter.token);
    expect((await manage('DELETE', `/api/tokens/${minter.info.id}`)).statusCode).toBe(200);
    expect(await works(minted.token)).toBe(false);

    expect((await manage('POST', `/api/tokens/${minter.info.id}/restore`)).statusCode).toBe(200);
    expect(await works(minter.token)).toBe(true);
    expect(await works(minted.token)).toBe(false);
  });
});
