// The wsrx connection controller's flow and timings (client-spec §4/§9) against an in-test daemon stub,
// with fake timers; the daemon client's error mapping (client-spec §7/§8).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createWsrxController,
  memoryOptions,
  versionAtLeast,
  WSRX_OPTIONS_KEY,
  WsrxClient,
  type WsrxController,
  WsrxState,
  webStorageOptions,
} from '../src/wsrx/index.ts';

interface StubTunnel {
  label: string;
  remote: string;
  local: string;
  latency: number;
}

/** A daemon as a fetch: one scope, its tunnels, and a log of the calls. */
const stubDaemon = () => {
  const daemon = {
    up: true,
    version: '"0.5.17"' as string | 404,
    scope: 'unknown' as 'unknown' | 'pending' | 'allowed',
    tunnels: [] as StubTunnel[],
    calls: [] as string[],
    bodies: [] as unknown[],
    nextPort: 40000,
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      daemon.calls.push(`${request.method} ${path}`);
      if (!daemon.up) throw new TypeError('fetch failed');
      const text = await request.text();
      const body = text ? JSON.parse(text) : undefined;
      if (body !== undefined) daemon.bodies.push(body);
      const key = `${request.method} ${path}`;
      if (key === 'GET /version') {
        return daemon.version === 404 ? new Response('', { status: 404 }) : new Response(daemon.version);
      }
      if (key === 'GET /connect') {
        const status = { unknown: 403, pending: 201, allowed: 202 }[daemon.scope];
        return new Response(status === 403 ? 'Scope not found' : null, { status });
      }
      if (key === 'POST /connect') {
        if (daemon.scope !== 'unknown') return new Response(null, { status: 202 });
        daemon.scope = 'pending';
        return new Response(null, { status: 200 });
      }
      if (daemon.scope !== 'allowed') return new Response('Scope is not allowed', { status: 403 });
      if (key === 'GET /pool')
        return Response.json(daemon.tunnels.map((t) => ({ ...t, from: t.local, to: t.remote })));
      if (key === 'POST /pool') {
        const found = daemon.tunnels.find((t) => t.remote === body.remote);
        if (found) return Response.json(found);
        const host = body.local.slice(0, body.local.lastIndexOf(':'));
        const tunnel = {
          label: body.label,
          remote: body.remote,
          local: `${host}:${daemon.nextPort++}`,
          latency: -1,
        };
        daemon.tunnels.push(tunnel);
        return Response.json({ ...tunnel, scope_host: 'x' });
      }
      if (key === 'DELETE /pool') {
        const before = daemon.tunnels.length;
        daemon.tunnels = daemon.tunnels.filter((t) => t.local !== body.local);
        return daemon.tunnels.length === before
          ? new Response(`Tunnel ${body.local} not found`, { status: 400 })
          : new Response(null, { status: 200 });
      }
      return new Response(null, { status: 404 });
    },
  };
  return daemon;
};

let daemon: ReturnType<typeof stubDaemon>;
let controller: WsrxController;
const count = (call: string) => daemon.calls.filter((c) => c === call).length;
const make = (options: Parameters<typeof createWsrxController>[0] = {}) => {
  controller = createWsrxController({ fetch: daemon.fetch, storage: memoryOptions(), ...options });
  return controller;
};

beforeEach(() => {
  vi.useFakeTimers();
  daemon = stubDaemon();
});

afterEach(() => {
  controller?.dispose();
  vi.useRealTimers();
});

describe('connect flow', () => {
  it('checks the version and state, registers when unknown, checks again, then polls every 3 s', async () => {
    const c = make({ title: 'Pennon' });
    expect(await c.connect()).toBe(WsrxState.Pending);
    expect(daemon.calls).toEqual(['GET /version', 'GET /connect', 'POST /connect', 'GET /connect']);
    expect(daemon.bodies[0]).toEqual({
      name: 'Pennon::CTF',
      features: ['basic', 'pingfall'],
      settings: { pingfall: { status: [400, 404], drop_unknown: false } },
      host: 'IN_HEADER',
      state: 'pending',
    });
    expect(c.getState()).toMatchObject({ state: WsrxState.Pending, version: '0.5.17', error: null });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(count('GET /connect')).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(count('GET /connect')).toBe(3);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(count('GET /connect')).toBe(6);
    expect(count('GET /pool')).toBe(0);
  });

  it('does not register a known scope', async () => {
    daemon.scope = 'allowed';
    expect(await make().connect()).toBe(WsrxState.Usable);
    expect(count('POST /connect')).toBe(0);
  });

  it('syncs on becoming Usable, then on every 5th tick', async () => {
    const c = make();
    await c.connect();
    daemon.scope = 'allowed';
    daemon.tunnels.push({ label: 'a', remote: 'ws://x/a', local: '127.0.0.1:1', latency: 3 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(c.getState().state).toBe(WsrxState.Usable);
    expect(count('GET /pool')).toBe(1);
    expect(c.getState().instances).toEqual([
      { label: 'a', remote: 'ws://x/a', local: '127.0.0.1:1', latency: 3 },
    ]);
    await vi.advanceTimersByTimeAsync(4 * 3_000);
    expect(count('GET /pool')).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(count('GET /pool')).toBe(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(count('GET /pool')).toBe(3);
  });

  it('fires onOffline when the daemon goes away, stops polling, and connect() recovers', async () => {
    daemon.scope = 'allowed';
    const c = make();
    const offline = vi.fn();
    c.onOffline(offline);
    await c.connect();
    await c.add({ label: 'a', remote: 'ws://x/a' });
    daemon.up = false;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(offline).toHaveBeenCalledTimes(1);
    expect(c.getState()).toMatchObject({ state: WsrxState.Invalid, instances: [] });
    const calls = daemon.calls.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(daemon.calls.length).toBe(calls);
    expect(offline).toHaveBeenCalledTimes(1);

    // Still down: the retry surfaces the error (no unhandled rejection) and stays Invalid.
    expect(await c.connect()).toBe(WsrxState.Invalid);
    expect(c.getState().error).toMatchObject({
      kind: 'daemon_unavailable',
      message: 'Failed to check wsrx version, is wsrx daemon running?',
    });
    expect(offline).toHaveBeenCalledTimes(1);

    daemon.up = true;
    expect(await c.connect()).toBe(WsrxState.Usable);
    expect(c.getState()).toMatchObject({ state: WsrxState.Usable, error: null });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(c.getState().state).toBe(WsrxState.Usable);
  });

  it('debounces option changes by 100 ms, saves them, and reconnects with them', async () => {
    const storage = memoryOptions();
    const c = make({ storage });
    const errors = vi.fn();
    c.onError(errors);
    daemon.up = false;
    await c.connect();
    expect(errors).toHaveBeenCalledTimes(1);
    daemon.up = true;
    daemon.calls.length = 0;
    await c.setOptions({ allowLan: true });
    await vi.advanceTimersByTimeAsync(50);
    await c.setOptions({ name: 'Other' });
    await vi.advanceTimersByTimeAsync(99);
    expect(daemon.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(count('GET /version')).toBe(1);
    expect(c.getState().state).toBe(WsrxState.Pending);
    expect(daemon.bodies[0]).toMatchObject({ name: 'Other' });
    expect(storage.value).toEqual({ api: 'http://127.0.0.1:3307', name: 'Other', allowLan: true });
    // An unchanged value does not reconnect.
    await c.setOptions({ allowLan: true });
    await vi.advanceTimersByTimeAsync(200);
    expect(count('GET /version')).toBe(1);
  });

  it('start() connects after the debounce', async () => {
    const c = make();
    c.start();
    await vi.advanceTimersByTimeAsync(99);
    expect(daemon.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.getState().state).toBe(WsrxState.Pending);
  });

  it('reports an outdated daemon (404 on /version) as a version mismatch', async () => {
    daemon.version = 404;
    const c = make();
    expect(await c.connect()).toBe(WsrxState.Invalid);
    expect(c.getState().error).toMatchObject({
      kind: 'daemon_version_mismatch',
      message: 'wsrx version is lower than required 0.4',
    });
    daemon.version = '{"version":"0.3.9"}';
    await c.connect();
    expect(c.getState().error).toMatchObject({ kind: 'daemon_version_mismatch' });
    expect(versionAtLeast('0.10.0', '0.4')).toBe(true);
    expect(versionAtLeast('0.4', '0.4')).toBe(true);
    expect(versionAtLeast('0.3.99', '0.4')).toBe(false);
  });
});

describe('options', () => {
  it('default to the daemon on 127.0.0.1:3307, GZ::CTF, no LAN; the title renames', async () => {
    const c = make();
    await c.ready;
    expect(c.getState().options).toEqual({ api: 'http://127.0.0.1:3307', name: 'GZ::CTF', allowLan: false });
    await c.setTitle('Hackers');
    expect(c.getState().options.name).toBe('Hackers::CTF');
  });

  it('are read from and written to a Web Storage under wsrx-options, ignoring bad fields', async () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
    } as Storage;
    data.set(WSRX_OPTIONS_KEY, JSON.stringify({ api: 'http://127.0.0.1:9999', allowLan: 'yes' }));
    const c = make({ storage: webStorageOptions(WSRX_OPTIONS_KEY, storage) });
    await c.ready;
    expect(c.getState().options).toEqual({ api: 'http://127.0.0.1:9999', name: 'GZ::CTF', allowLan: false });
    await c.setOptions({ allowLan: true });
    expect(JSON.parse(data.get(WSRX_OPTIONS_KEY) ?? '')).toEqual({
      api: 'http://127.0.0.1:9999',
      name: 'GZ::CTF',
      allowLan: true,
    });
    data.set(WSRX_OPTIONS_KEY, '{not json');
    const again = make({ storage: webStorageOptions(WSRX_OPTIONS_KEY, storage) });
    await again.ready;
    expect(again.getState().options.api).toBe('http://127.0.0.1:3307');
  });
});

describe('instances', () => {
  it('opens on loopback, or 0.0.0.0 with allowLan; dedupes by remote without a call; removes', async () => {
    daemon.scope = 'allowed';
    const c = make();
    await c.connect();
    const a = await c.add({ label: 'A @ Game', remote: 'wss://ctf.example.com/api/proxy/a' });
    expect(a.local).toBe('127.0.0.1:40000');
    const posts = count('POST /pool');
    expect(await c.add({ label: 'again', remote: 'wss://ctf.example.com/api/proxy/a' })).toEqual(a);
    expect(count('POST /pool')).toBe(posts);
    await c.setOptions({ allowLan: true });
    const b = await c.add({ label: 'B', remote: 'wss://ctf.example.com/api/proxy/b' });
    expect(b.local).toBe('0.0.0.0:40001');
    expect(c.getState().instances.map((i) => i.local)).toEqual(['127.0.0.1:40000', '0.0.0.0:40001']);
    await c.remove(a.local);
    expect(c.getState().instances.map((i) => i.local)).toEqual(['0.0.0.0:40001']);
    await expect(c.remove('127.0.0.1:1')).rejects.toMatchObject({
      name: 'WsrxError',
      kind: 'daemon_error',
      message: 'Tunnel 127.0.0.1:1 not found',
      status: 400,
    });
  });

  it('fail with the fallback texts when the daemon is gone, and before any connect', async () => {
    vi.useRealTimers(); // DELETE is retried after 0.3 s and 0.6 s
    const c = make();
    await expect(c.add({ label: 'x', remote: 'ws://x' })).rejects.toMatchObject({
      kind: 'daemon_unavailable',
      message: 'Failed to add instance, is wsrx daemon running?',
    });
    const client = new WsrxClient({ fetch: daemon.fetch });
    daemon.up = false;
    await expect(client.add({ remote: 'ws://x', local: '127.0.0.1:0' })).rejects.toMatchObject({
      kind: 'daemon_unavailable',
      message: 'Failed to add instance, is wsrx daemon running?',
    });
    await expect(client.remove('127.0.0.1:1')).rejects.toMatchObject({
      message: 'Failed to delete instance, is wsrx daemon running?',
    });
    await expect(client.pool()).rejects.toMatchObject({
      message: 'Failed to sync instances, is wsrx daemon running?',
    });
    await expect(client.register({ name: 'x' })).rejects.toMatchObject({
      kind: 'daemon_unavailable',
      message: 'Failed to connect to wsrx daemon',
    });
    expect(await client.connectState()).toBe(WsrxState.Invalid);
  });

  it('a pool call of a scope the daemon does not allow is scope_unverified', async () => {
    const client = new WsrxClient({ fetch: daemon.fetch });
    await expect(client.pool()).rejects.toMatchObject({ kind: 'scope_unverified', status: 403 });
  });
});

describe('retries (client-spec §7)', () => {
  it('never retries version, connect and pool GET/POST; DELETE /pool is retried on 503', async () => {
    const calls: string[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response('busy', { status: 503 });
    };
    const client = new WsrxClient({ fetch });
    vi.useRealTimers();
    await client.version().catch(() => {});
    await client.connectState();
    await client.register({ name: 'x' }).catch(() => {});
    await client.pool().catch(() => {});
    await client.add({ remote: 'ws://x', local: '127.0.0.1:0' }).catch(() => {});
    const removed = await client.remove('127.0.0.1:1').catch((e: unknown) => e);
    expect(removed).toMatchObject({ kind: 'daemon_error', message: 'busy', status: 503 });
    expect(calls).toEqual([
      'GET /version',
      'GET /connect',
      'POST /connect',
      'GET /pool',
      'POST /pool',
      'DELETE /pool',
      'DELETE /pool',
      'DELETE /pool',
    ]);
  });
});
