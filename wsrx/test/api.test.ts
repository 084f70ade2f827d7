// The local HTTP API as browsers and the @xdsec/wsrx client see it: scopes, CORS, /pool shapes and errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDaemon } from '../src/daemon.ts';
import { api, approvedScope, startTestDaemon, tempDir } from './helpers.ts';

type Tunnel = { label: string; local: string; remote: string };

const SITE = 'https://ctf.example.com';
const PENDING = 'https://pending.example.com';
const STRANGER = 'https://evil.example.com';
const SDK_BODY = {
  name: 'Harbour::CTF',
  host: 'IN_HEADER',
  state: 'pending',
  features: ['basic', 'pingfall', 'warp-drive'],
  settings: { pingfall: { status: [400, 404], drop_unknown: false } },
};

describe('local HTTP API', () => {
  let daemon: RunningDaemon;
  let state: ReturnType<typeof tempDir>;

  beforeAll(async () => {
    state = tempDir();
    daemon = await startTestDaemon(state.dir);
    await approvedScope(daemon, SITE, SDK_BODY);
    await api(daemon, '/connect', { origin: PENDING, method: 'POST' });
  });
  afterAll(async () => {
    await daemon.close();
    state.remove();
  });

  const addTunnel = (origin: string, body: unknown) => api(daemon, '/pool', { origin, method: 'POST', body });

  it('GET /version answers a bare JSON string of at least 0.4, readable from any origin', async () => {
    const response = await api(daemon, '/version', { origin: STRANGER });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const version = (await response.json()) as string;
    expect(typeof version).toBe('string');
    expect(version >= '0.4').toBe(true);
  });

  it('GET /connect: 403 unknown, 201 pending, 202 allowed', async () => {
    const unknown = await api(daemon, '/connect', { origin: 'https://new.example.com' });
    expect(unknown.status).toBe(403);
    expect(await unknown.text()).toBe('Scope https://new.example.com not found');
    expect(unknown.headers.get('access-control-allow-origin')).toBe('*');
    expect((await api(daemon, '/connect', { origin: PENDING })).status).toBe(201);
    expect((await api(daemon, '/connect', { origin: SITE })).status).toBe(202);
  });

  it('POST /connect creates a pending scope (200), then 202 without changing it; approval makes it 202', async () => {
    const origin = 'https://register.example.com';
    expect((await api(daemon, '/connect', { origin, method: 'POST', body: SDK_BODY })).status).toBe(200);
    expect(daemon.context.scopes.get(origin)).toMatchObject({
      host: origin,
      name: 'Harbour::CTF',
      state: 'pending',
      features: ['basic', 'pingfall'],
      settings: SDK_BODY.settings,
    });
    const again = await api(daemon, '/connect', {
      origin,
      method: 'POST',
      body: { ...SDK_BODY, name: 'Other' },
    });
    expect(again.status).toBe(202);
    expect(daemon.context.scopes.get(origin)?.name).toBe('Harbour::CTF');
    expect((await api(daemon, '/connect', { origin })).status).toBe(201);
    daemon.context.scopes.allow(origin);
    expect((await api(daemon, '/connect', { origin })).status).toBe(202);
  });

  it('POST /connect is lenient with missing or broken bodies', async () => {
    const origin = 'https://lenient.example.com';
    const response = await api(daemon, '/connect', { origin, method: 'POST', body: '{not json' });
    expect(response.status).toBe(200);
    expect(daemon.context.scopes.get(origin)).toMatchObject({
      name: origin,
      features: ['basic'],
      settings: {},
    });
    const bare = await api(daemon, '/connect', { origin: 'https://bare.example.com', method: 'POST' });
    expect(bare.status).toBe(200);
  });

  it('a pre-approved origin takes the name and features of its first registration', async () => {
    const origin = 'https://preapproved.example.com';
    daemon.context.scopes.allow(origin);
    expect((await api(daemon, '/connect', { origin, method: 'POST', body: SDK_BODY })).status).toBe(202);
    expect(daemon.context.scopes.get(origin)).toMatchObject({
      state: 'allowed',
      features: ['basic', 'pingfall'],
    });
  });

  it('a denied origin is refused until it is allowed again', async () => {
    const origin = 'https://denied.example.com';
    daemon.context.scopes.deny(origin);
    expect((await api(daemon, '/connect', { origin })).status).toBe(403);
    const post = await api(daemon, '/connect', { origin, method: 'POST', body: SDK_BODY });
    expect(post.status).toBe(403);
    expect(await post.text()).toMatch(/denied/);
    const preflight = await api(daemon, '/pool', {
      origin,
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('preflights: open routes for any origin, /pool only for known scopes, with Private Network Access', async () => {
    const open = await api(daemon, '/connect', {
      origin: STRANGER,
      method: 'OPTIONS',
      headers: {
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(open.status).toBe(204);
    expect(open.headers.get('access-control-allow-origin')).toBe('*');
    expect(open.headers.get('access-control-allow-methods')).toContain('POST');
    expect(open.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(open.headers.get('access-control-allow-private-network')).toBe('true');

    const preflightPool = (origin: string) =>
      api(daemon, '/pool', {
        origin,
        method: 'OPTIONS',
        headers: {
          'Access-Control-Request-Method': 'DELETE',
          'Access-Control-Request-Headers': 'content-type',
          'Access-Control-Request-Private-Network': 'true',
        },
      });
    const known = await preflightPool(SITE);
    expect(known.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(known.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(known.headers.get('access-control-allow-private-network')).toBe('true');
    expect(known.headers.get('vary')).toContain('Origin');
    // Pending scopes pass the preflight (as on the desktop) but get a 403 they can read.
    expect((await preflightPool(PENDING)).headers.get('access-control-allow-origin')).toBe(PENDING);
    const stranger = await preflightPool(STRANGER);
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    expect(stranger.headers.get('access-control-allow-private-network')).toBeNull();
  });

  it('/pool refuses unknown and pending scopes, and requests without Origin', async () => {
    const unknown = await api(daemon, '/pool', { origin: STRANGER });
    expect(unknown.status).toBe(403);
    expect(unknown.headers.get('access-control-allow-origin')).toBeNull();
    const pending = await addTunnel(PENDING, { remote: 'ws://127.0.0.1:1/x', local: '127.0.0.1:0' });
    expect(pending.status).toBe(403);
    expect(pending.headers.get('access-control-allow-origin')).toBe(PENDING);
    expect(await pending.text()).toMatch(/waiting for approval/);
    expect((await api(daemon, '/pool')).status).toBe(403);
    expect(daemon.context.pool.list(PENDING)).toEqual([]);
  });

  it('POST /pool opens a tunnel; GET lists it with from/to; a second add of the same remote is deduped', async () => {
    const remote = 'ws://127.0.0.1:1/api/proxy/dedupe';
    const first = await addTunnel(SITE, { label: 'web @ Game', remote, local: '127.0.0.1:0' });
    expect(first.status).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe(SITE);
    const created = (await first.json()) as Tunnel;
    expect(created).toEqual({
      label: 'web @ Game',
      remote,
      local: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      latency: -1,
      scope_host: SITE,
    });

    const second = await addTunnel(SITE, { label: 'renamed', to: remote, from: '0.0.0.0:0' });
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ label: 'renamed', local: created.local });

    const listed = (await (await api(daemon, '/pool', { origin: SITE })).json()) as Record<string, unknown>[];
    expect(listed.filter((tunnel) => tunnel.remote === remote)).toEqual([
      { label: 'renamed', remote, local: created.local, from: created.local, to: remote, latency: -1 },
    ]);

    // Another scope with the same remote gets its own tunnel, and sees only its own.
    const other = 'https://other.example.com';
    await approvedScope(daemon, other);
    const theirs = (await (await addTunnel(other, { remote, local: '127.0.0.1:0' })).json()) as Tunnel;
    expect(theirs.local).not.toBe(created.local);
    expect(await (await api(daemon, '/pool', { origin: other })).json()).toHaveLength(1);
  });

  it('a tunnel without a label gets inst-<hex>, and 0.0.0.0 binds every interface', async () => {
    const response = await addTunnel(SITE, { remote: 'ws://127.0.0.1:1/lan', local: '0.0.0.0:0' });
    const tunnel = (await response.json()) as Tunnel;
    expect(tunnel.label).toMatch(/^inst-[0-9a-f]{6,8}$/);
    expect(tunnel.local).toMatch(/^0\.0\.0\.0:\d+$/);
  });

  it('POST /pool rejects bad remotes, bad locals and bad bodies with a text message', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ remote: 'http://127.0.0.1/x', local: '127.0.0.1:0' }, 400, /only ws:\/\/ and wss:\/\//],
      [{ remote: 'not a url', local: '127.0.0.1:0' }, 400, /not a URL/],
      [{ remote: 42, local: '127.0.0.1:0' }, 422, /remote/],
      [{ local: '127.0.0.1:0' }, 422, /Missing field `remote`/],
      [{ remote: 'ws://127.0.0.1:1/y' }, 422, /Missing field `local`/],
      [{ remote: 'ws://127.0.0.1:1/y', local: 'nonsense' }, 400, /failed to parse from address/],
      [{ remote: 'ws://127.0.0.1:1/y', local: '127.0.0.1:70000' }, 400, /failed to parse from address/],
      [{ remote: 'ws://127.0.0.1:1/y', local: '192.0.2.1:0' }, 500, /failed to bind tcp address/],
      ['{"remote":', 400, /Failed to parse the request body as JSON/],
      ['[1,2]', 422, /JSON object/],
    ];
    for (const [body, status, message] of cases) {
      const response = await addTunnel(SITE, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toMatch(message);
    }
    const notJson = await api(daemon, '/pool', {
      origin: SITE,
      method: 'POST',
      body: 'remote=ws://x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
    const huge = await addTunnel(SITE, {
      remote: 'ws://127.0.0.1:1/z',
      local: '127.0.0.1:0',
      pad: 'x'.repeat(100_000),
    });
    expect(huge.status).toBe(413);
  });

  it('DELETE /pool removes a tunnel of the scope only', async () => {
    const tunnel = (await (
      await addTunnel(SITE, { remote: 'ws://127.0.0.1:1/delete-me', local: '127.0.0.1:0' })
    ).json()) as Tunnel;
    const other = 'https://other2.example.com';
    await approvedScope(daemon, other);
    const wrongScope = await api(daemon, '/pool', {
      origin: other,
      method: 'DELETE',
      body: { local: tunnel.local },
    });
    expect(wrongScope.status).toBe(400);
    expect(await wrongScope.text()).toBe(`Tunnel ${tunnel.local} not found in scope ${other}`);
    const ok = await api(daemon, '/pool', { origin: SITE, method: 'DELETE', body: { key: tunnel.local } });
    expect(ok.status).toBe(200);
    const again = await api(daemon, '/pool', {
      origin: SITE,
      method: 'DELETE',
      body: { local: tunnel.local },
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toBe(`Tunnel ${tunnel.local} not found`);
  });

  it('PATCH /connect updates name and features of a known scope', async () => {
    const response = await api(daemon, '/connect', {
      origin: PENDING,
      method: 'PATCH',
      body: { host: PENDING, name: 'Renamed', state: 'pending', features: ['pingfall'] },
    });
    expect(response.status).toBe(200);
    expect(daemon.context.scopes.get(PENDING)).toMatchObject({ name: 'Renamed', features: ['pingfall'] });
    const missing = await api(daemon, '/connect', {
      origin: STRANGER,
      method: 'PATCH',
      body: { name: 'x', features: [] },
    });
    expect(missing.status).toBe(403);
  });

  it('POST /popup answers 200; unknown routes 404; wrong methods 405', async () => {
    expect((await api(daemon, '/popup', { method: 'POST' })).status).toBe(200);
    expect((await api(daemon, '/nope')).status).toBe(404);
    const wrong = await api(daemon, '/version', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('GET');
  });

  it('the control API answers extension pages with the token, and preflights them without it', async () => {
    const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
    const preflight = await api(daemon, '/_pennon/allow', {
      origin: EXTENSION,
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(EXTENSION);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');

    // Readable by the extension (so it can say why), but refused without the right token.
    const without = await api(daemon, '/_pennon/scopes', { origin: EXTENSION });
    expect(without.status).toBe(401);
    expect(without.headers.get('access-control-allow-origin')).toBe(EXTENSION);
    expect(await without.text()).toContain('control token');
    const wrong = await api(daemon, '/_pennon/allow', {
      origin: 'moz-extension://0d5b8a5e-1c2f-4a8e-9a77-5d9c1c4f2b10',
      method: 'POST',
      body: { origin: PENDING },
      headers: { Authorization: `Bearer ${'x'.repeat(daemon.controlToken.length)}` },
    });
    expect(wrong.status).toBe(401);
    expect(daemon.context.scopes.get(PENDING)?.state).toBe('pending');

    const headers = { Authorization: `Bearer ${daemon.controlToken}` };
    const listed = await api(daemon, '/_pennon/scopes', { origin: EXTENSION, headers });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toContainEqual(expect.objectContaining({ host: PENDING, state: 'pending' }));
    const refused = await api(daemon, '/_pennon/deny', {
      origin: EXTENSION,
      method: 'POST',
      body: { origin: PENDING },
      headers,
    });
    expect(refused.status).toBe(200);
    expect((await api(daemon, '/connect', { origin: PENDING })).status).toBe(403);
    const approved = await api(daemon, '/_pennon/allow', {
      origin: EXTENSION,
      method: 'POST',
      body: { origin: PENDING },
      headers,
    });
    expect(approved.status).toBe(200);
    expect((await api(daemon, '/connect', { origin: PENDING })).status).toBe(202);
  });

  it('the control API refuses web pages and callers without the token', async () => {
    const headers = { Authorization: `Bearer ${daemon.controlToken}` };
    expect((await api(daemon, '/_pennon/scopes', { headers })).status).toBe(200);
    expect((await api(daemon, '/_pennon/scopes')).status).toBe(401);
    expect(
      (await api(daemon, '/_pennon/scopes', { headers: { Authorization: 'Bearer wrong' } })).status,
    ).toBe(401);
    const browser = await api(daemon, '/_pennon/allow', {
      origin: STRANGER,
      method: 'POST',
      body: { origin: STRANGER },
      headers,
    });
    expect(browser.status).toBe(403);
    expect(browser.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await api(daemon, '/_pennon/allow', { origin: STRANGER, method: 'OPTIONS' });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(daemon.context.scopes.get(STRANGER)).toBeUndefined();
  });
});
