// Cross-site request forgery: what a page of another origin can make a signed-in visitor's browser do. Browsers
// say where a request comes from (Sec-Fetch-Site, else Origin); scripts and tools send neither and pass, as do
// API tokens. Hubs check the same on their negotiate and upgrade. Session cookies are Secure over https.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { gameBody, gameClient, signInAdmin } from './games/helpers.ts';
import { asUser, cookieName, httpsCookieName, login, register, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';
import { listen } from './support/hubs.ts';

const refused = { title: 'Requests from pages of other sites are refused', status: 403 };
const evil = 'http://evil.example';
const embedder = 'http://widgets.example';

/** Inject's requests come to `Host: localhost:80` over http: this is the platform's own origin there. */
const own = 'http://localhost';

const bioOf = async (app: FastifyInstance, token: string): Promise<string> =>
  (await app.inject({ url: '/api/account/profile', ...asUser(token) })).json().bio;

const updateBio = (app: FastifyInstance, token: string, bio: string, headers: Record<string, string>) =>
  app.inject({ method: 'PUT', url: '/api/account/update', headers, payload: { bio }, ...asUser(token) });

const sessionCookieOf = (res: { cookies: { name: string; value: string }[] }, name = cookieName) =>
  res.cookies.find((cookie) => cookie.name === name && cookie.value !== '') as
    | { secure?: boolean; httpOnly?: boolean; sameSite?: string; path?: string; domain?: string }
    | undefined;

describe.each(databaseKinds())('cross-site requests on $name', (kind) => {
  let t: TestApp;
  let alice: string;
  let apiToken: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await signInAdmin(t.app, t.connection.db);
    ({ token: apiToken } = await gameClient(t.app).ok(admin, 'POST', '/api/tokens', { name: 'script' }));
    await register(t.app, 'alice', 'alice@example.com');
    alice = await signedIn(t.app, 'alice', 'Secret123');
  });
  afterAll(() => t?.close());

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: evil }],
    ['Sec-Fetch-Site: same-site (a sibling host or port)', { 'sec-fetch-site': 'same-site', origin: own }],
    ['a foreign Origin without Sec-Fetch-Site', { origin: evil }],
    ['an opaque Origin (a sandboxed frame)', { origin: 'null' }],
    ['the own host over the other scheme', { origin: 'https://localhost' }],
  ])('refuses a cookie-authenticated change from a page elsewhere: %s', async (_, headers) => {
    const before = await bioOf(t.app, alice);
    const res = await updateBio(t.app, alice, 'pwned', headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
    expect(await bioOf(t.app, alice)).toBe(before);
  });

  it.each([
    ['no browser header (the SDK in Node, scripts)', {}],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: own }],
    ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
    ['the own Origin without Sec-Fetch-Site', { origin: own }],
  ])('accepts a cookie-authenticated change with %s', async (name, headers) => {
    const res = await updateBio(t.app, alice, name, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(await bioOf(t.app, alice)).toBe(name);
  });

  it('lets an API token through whatever the Origin says', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/update',
      headers: { authorization: `Bearer ${apiToken}`, origin: evil, 'sec-fetch-site': 'cross-site' },
      payload: { bio: 'scripted' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('still answers reads from a page elsewhere', async () => {
    const res = await t.app.inject({
      url: '/api/account/profile',
      headers: { 'sec-fetch-site': 'cross-site', origin: evil },
      ...asUser(alice),
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses sign-in and registration from a page elsewhere (login CSRF), without setting a cookie', async () => {
    const headers = { 'sec-fetch-site': 'cross-site', origin: evil };
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers,
      payload: { userName: 'alice', password: 'Secret123' },
    });
    expect([signIn.statusCode, signIn.json()]).toEqual([403, refused]);
    expect(sessionCookieOf(signIn)).toBeUndefined();
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { origin: evil },
      payload: { userName: 'mallory', email: 'mallory@example.com', password: 'Secret123' },
    });
    expect([signUp.statusCode, signUp.json()]).toEqual([403, refused]);
    expect(sessionCookieOf(signUp)).toBeUndefined();
    expect((await login(t.app, 'mallory', 'Secret123')).statusCode).toBe(401);
    expect((await login(t.app, 'alice', 'Secret123')).statusCode).toBe(200);
  });
});

/** Opens a WebSocket and answers 101, or the status and body of the refusal. */
const upgrade = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; body?: unknown }>((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on('open', () => {
      socket.close();
      resolve({ status: 101 });
    });
    socket.on('unexpected-response', (request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) });
      });
    });
    socket.on('error', reject);
  });

describe.each(databaseKinds())('hubs and pages elsewhere on $name', (kind) => {
  let t: TestApp;
  let base: string;
  let gameId: number;
  let moe: string;
  let apiToken: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { PENNON_EMBED_ORIGINS: embedder });
    const admin = await signInAdmin(t.app, t.connection.db);
    const c = gameClient(t.app);
    ({ id: gameId } = await c.ok(admin, 'POST', '/api/edit/games', gameBody()));
    ({ token: apiToken } = await c.ok(admin, 'POST', '/api/tokens', { name: 'hub bot' }));
    const player = await c.signUp('moe');
    await c.ok(admin, 'PUT', `/api/admin/users/${player.id}`, { role: 'Monitor' });
    moe = player.token;
    base = await listen(t.app);
  });
  afterAll(() => t?.close());

  const hub = (name: string, query = '') =>
    `${base.replace('http', 'ws')}/hub/${name}?game=${gameId}${query}`;
  const cookie = () => ({ cookie: `${cookieName}=${moe}` });

  it.each([
    ['a foreign Origin', { origin: evil }],
    ['Sec-Fetch-Site: same-site', { origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' }],
  ])('refuses an upgrade with the session cookie from %s', async (_, headers) => {
    expect(await upgrade(hub('user'), { ...headers, ...cookie() })).toEqual({ status: 403, body: refused });
    expect(await upgrade(hub('monitor'), { ...headers, ...cookie() })).toEqual({
      status: 403,
      body: refused,
    });
  });

  it('admits the platform’s own pages and clients without browser headers', async () => {
    expect(await upgrade(hub('monitor'), { origin: base, ...cookie() })).toEqual({ status: 101 });
    expect(await upgrade(hub('monitor'), { 'sec-fetch-site': 'same-origin', ...cookie() })).toEqual({
      status: 101,
    });
    expect(await upgrade(hub('monitor'), cookie())).toEqual({ status: 101 });
  });

  it('admits an API token from anywhere, and a page elsewhere without the cookie as anonymous', async () => {
    expect(await upgrade(hub('monitor', `&access_token=${apiToken}`), { origin: evil })).toEqual({
      status: 101,
    });
    expect(await upgrade(hub('user'), { origin: evil })).toEqual({ status: 101 });
    expect((await upgrade(hub('monitor'), { origin: evil })).status).toBe(401);
  });

  it('lets an embedding site open the user hub, never with the visitor’s credentials', async () => {
    const headers = { origin: embedder, 'sec-fetch-site': 'cross-site', ...cookie() };
    expect(await upgrade(hub('user'), headers)).toEqual({ status: 101 });
    // The cookie that came along does not count: the monitor hub wants a signed-in monitor.
    expect((await upgrade(hub('monitor'), { origin: embedder })).status).toBe(401);
    expect(await upgrade(hub('monitor'), headers)).toEqual({ status: 403, body: refused });
  });

  it('checks the negotiate POST the same way', async () => {
    const negotiate = (name: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/hub/${name}/negotiate?game=${gameId}`, headers, ...asUser(moe) });
    const foreign = await negotiate('user', { origin: evil });
    expect([foreign.statusCode, foreign.json()]).toEqual([403, refused]);
    const embedded = await negotiate('user', { origin: embedder, 'sec-fetch-site': 'cross-site' });
    expect(embedded.statusCode).toBe(200);
    expect(embedded.headers['access-control-allow-origin']).toBe(embedder);
    expect((await negotiate('monitor', { origin: embedder })).statusCode).toBe(403);
    expect((await negotiate('monitor', { origin: own })).statusCode).toBe(200);
  });
});

describe.each(databaseKinds().slice(0, 1))(
  'the platform’s own origin and Secure cookies on $name',
  (kind) => {
    const signIn = (app: FastifyInstance, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/account/login',
        headers,
        payload: { userName: 'alice', password: 'Secret123' },
      });
    const started: TestApp[] = [];
    const start = async (env: Record<string, string>) => {
      const t = await startTestApp(kind, env);
      started.push(t);
      await register(t.app, 'alice', 'alice@example.com');
      return t;
    };
    afterAll(async () => {
      for (const t of started) await t.close();
    });

    it('by default: the request’s own origin over http; cookies HttpOnly, SameSite=Lax, not Secure', async () => {
      const { app } = await start({});
      const session = sessionCookieOf(await signIn(app, { origin: own }));
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(session?.secure).toBeFalsy();
      // An X-Forwarded-Proto from no trusted proxy changes nothing.
      const forged = await signIn(app, { 'x-forwarded-proto': 'https', origin: 'https://localhost' });
      expect([forged.statusCode, forged.json()]).toEqual([403, refused]);
      expect(sessionCookieOf(await signIn(app, { 'x-forwarded-proto': 'https' }))?.secure).toBeFalsy();
    });

    it('with an https PENNON_PUBLIC_URL: that origin is the own one, and every cookie is a Secure __Host- one', async () => {
      const { app } = await start({ PENNON_PUBLIC_URL: 'https://ctf.example.org/' });
      const ok = await signIn(app, { origin: 'https://ctf.example.org' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(sessionCookieOf(ok)).toBeUndefined();
      const session = sessionCookieOf(ok, httpsCookieName);
      expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session?.domain).toBeUndefined();
      const other = await signIn(app, { origin: own });
      expect([other.statusCode, other.json()]).toEqual([403, refused]);
      expect(sessionCookieOf(await signIn(app), httpsCookieName)?.secure).toBe(true);
    });

    it('behind a trusted proxy: the forwarded scheme and host count, for requests and hub upgrades', async () => {
      const t = await start({ PENNON_TRUST_PROXY: 'true' });
      const forwarded = { host: 'ctf.example.org', 'x-forwarded-proto': 'https' };
      const ok = await signIn(t.app, { ...forwarded, origin: 'https://ctf.example.org' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(sessionCookieOf(ok, httpsCookieName)?.secure).toBe(true);
      expect(sessionCookieOf(await signIn(t.app))?.secure).toBeFalsy();
      const downgraded = await signIn(t.app, { ...forwarded, origin: 'http://ctf.example.org' });
      expect([downgraded.statusCode, downgraded.json()]).toEqual([403, refused]);

      const { id: gameId } = await gameClient(t.app).ok(
        await signInAdmin(t.app, t.connection.db),
        'POST',
        '/api/edit/games',
        gameBody(),
      );
      const token = await signedIn(t.app, 'alice', 'Secret123');
      const url = `${(await listen(t.app)).replace('http', 'ws')}/hub/user?game=${gameId}`;
      const headers = { ...forwarded, cookie: `${httpsCookieName}=${token}` };
      expect(await upgrade(url, { ...headers, origin: 'https://ctf.example.org' })).toEqual({ status: 101 });
      expect(await upgrade(url, { ...headers, origin: 'http://ctf.example.org' })).toEqual({
        status: 403,
        body: refused,
      });
    });
  },
);
