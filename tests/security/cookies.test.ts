// Issue 43 §5: cookies that challenges cannot read or plant. Where the platform is https, its session cookie is a
// `__Host-` cookie: Secure, host-only (no Domain), path `/`, so browsers send it to no other host name and no page of
// another host or of plain http can set one; a session presented under the unprefixed name (a cookie a challenge on
// a sibling host name, or on this host over http, could plant) speaks for nobody, on the API and the hubs alike. A
// challenge host that is the platform's own host name is warned about at start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeStatus } from '../../server/test/support/hubs.ts';
import { rawRequest } from '../support/raw-http.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Harbour2024';

describe('session cookies of an https platform', () => {
  let server: RunningServer;
  let setCookie = '';
  let token = '';

  beforeAll(async () => {
    server = await startServer({
      PENNON_ADMIN_PASSWORD: adminPassword,
      PENNON_PUBLIC_URL: 'https://ctf.example.org',
      // As the deploy example had it: challenges published on the platform's own host name.
      PENNON_CONTAINER_PUBLIC_HOST: 'CTF.example.org',
    });
    const signIn = await rawRequest(server.url, '/api/account/login', {
      method: 'POST',
      body: { userName: 'admin', password: adminPassword },
    });
    expect(signIn.status, signIn.body).toBe(200);
    setCookie = [signIn.headers['set-cookie'] ?? []].flat().join('\n');
    token = /__Host-GZCTF_Token=([^;]+)/.exec(setCookie)?.[1] ?? '';
  });
  afterAll(async () => server?.stop());

  it('warns at start that challenges share the platform’s host name', () => {
    expect(server.output()).toMatch(
      /PENNON_CONTAINER_PUBLIC_HOST is the platform's own host name \(CTF\.example\.org\)/,
    );
  });

  it('sets a __Host- cookie: Secure, host-only, path /', () => {
    expect(token).not.toBe('');
    const cookie = setCookie.split('\n').find((line) => line.startsWith('__Host-GZCTF_Token='));
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/i);
    expect(cookie).not.toMatch(/; Domain=/i);
    expect(setCookie).not.toMatch(/^GZCTF_Token=/m);
  });

  it('reads the session under its __Host- name only, on the API and the hubs', async () => {
    const profile = (cookie: string) =>
      rawRequest(server.url, '/api/account/profile', { headers: { cookie } });
    expect((await profile(`__Host-GZCTF_Token=${token}`)).status).toBe(200);
    expect((await profile(`GZCTF_Token=${token}`)).status).toBe(401);
    const hub = `${server.url.replace(/^http/, 'ws')}/hub/admin`;
    expect(await upgradeStatus(hub, { cookie: `__Host-GZCTF_Token=${token}` })).toBe(101);
    expect(await upgradeStatus(hub, { cookie: `GZCTF_Token=${token}` })).toBe(401);
  });

  it('clears the __Host- cookie at sign-out', async () => {
    const signOut = await rawRequest(server.url, '/api/account/logout', {
      method: 'POST',
      headers: { cookie: `__Host-GZCTF_Token=${token}` },
    });
    expect(signOut.status).toBe(200);
    const cleared = [signOut.headers['set-cookie'] ?? []].flat().join('\n');
    expect(cleared).toMatch(/^__Host-GZCTF_Token=;.*; Secure/im);
  });
});
