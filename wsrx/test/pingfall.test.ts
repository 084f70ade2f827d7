// The latency probe and pingfall against a local platform-like server answering 204 or 404.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDaemon } from '../src/daemon.ts';
import { shouldDrop } from '../src/pingfall.ts';
import type { Scope } from '../src/scopes.ts';
import {
  api,
  closeServer,
  portOf,
  startEcho,
  startProxy,
  startTestDaemon,
  tempDir,
  waitFor,
} from './helpers.ts';

const GZ_LIKE = {
  name: 'GZ::CTF',
  features: ['basic', 'pingfall'],
  settings: { pingfall: { status: [400, 404], drop_unknown: false } },
};

describe('pingfall', () => {
  let echo: Awaited<ReturnType<typeof startEcho>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let daemon: RunningDaemon;
  let state: ReturnType<typeof tempDir>;

  beforeAll(async () => {
    echo = await startEcho();
    proxy = await startProxy(echo.port);
    state = tempDir();
    daemon = await startTestDaemon(state.dir, { probeIntervalMs: 100, probeTimeoutMs: 1_000 });
  });
  afterAll(async () => {
    await daemon.close();
    await proxy.close();
    await echo.close();
    state.remove();
  });

  const scope = async (origin: string, body: unknown) => {
    await api(daemon, '/connect', { origin, method: 'POST', body });
    daemon.context.scopes.allow(origin);
  };
  const add = async (origin: string, remote: string) => {
    const response = await api(daemon, '/pool', {
      origin,
      method: 'POST',
      body: { remote, local: '127.0.0.1:0' },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { local: string }).local;
  };

  it('measures latency with an OPTIONS probe carrying a wsrx User-Agent', async () => {
    const origin = 'https://latency.example.com';
    await scope(origin, GZ_LIKE);
    proxy.containers.add('alive');
    const local = await add(origin, proxy.url('alive'));
    await waitFor(() => (daemon.context.pool.get(local)?.latency ?? -1) >= 0, 3_000, 'a latency');
    expect(proxy.probes).toContainEqual(expect.stringMatching(/^OPTIONS \/proxy\/alive wsrx\/\d+\.\d+/));
    const listed = (await (await api(daemon, '/pool', { origin })).json()) as { latency: number }[];
    expect(listed[0]?.latency).toBeGreaterThanOrEqual(0);
  });

  it('deletes the tunnel once the remote answers 404 (container destroyed)', async () => {
    const origin = 'https://gz.example.com';
    await scope(origin, GZ_LIKE);
    proxy.containers.add('doomed');
    const local = await add(origin, proxy.url('doomed'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(daemon.context.pool.get(local)).toBeDefined();
    proxy.containers.delete('doomed');
    await waitFor(() => daemon.context.pool.get(local) === undefined, 3_000, 'pingfall to delete the tunnel');
    expect(await (await api(daemon, '/pool', { origin })).json()).toEqual([]);
  });

  it('keeps tunnels of scopes without the pingfall feature, or whose settings do not list the status', async () => {
    const plain = 'https://plain.example.com';
    await scope(plain, { name: 'plain', features: ['basic'], settings: GZ_LIKE.settings });
    const only500 = 'https://only500.example.com';
    await scope(only500, { ...GZ_LIKE, settings: { pingfall: { status: [500], drop_unknown: false } } });
    const noSettings = 'https://nosettings.example.com';
    await scope(noSettings, { name: 'x', features: ['basic', 'pingfall'] });
    const locals = await Promise.all(
      [plain, only500, noSettings].map((origin) => add(origin, proxy.url('missing'))),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const local of locals) expect(daemon.context.pool.get(local)?.latency).toBe(-1);
  });

  it('on network errors, drops only with drop_unknown', async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const remote = `ws://127.0.0.1:${portOf(dead)}/gone`;
    await closeServer(dead);
    const keep = 'https://keep.example.com';
    await scope(keep, GZ_LIKE);
    const drop = 'https://drop.example.com';
    await scope(drop, { ...GZ_LIKE, settings: { pingfall: { status: [], drop_unknown: true } } });
    const kept = await add(keep, remote);
    const dropped = await add(drop, remote);
    await waitFor(
      () => daemon.context.pool.get(dropped) === undefined,
      3_000,
      'the drop_unknown tunnel to go',
    );
    expect(daemon.context.pool.get(kept)).toBeDefined();
  });

  it('decides from the status list: empty means any non-2xx', () => {
    const base: Scope = {
      host: 'h',
      name: 'h',
      state: 'allowed',
      features: ['basic', 'pingfall'],
      settings: { pingfall: { status: [], drop_unknown: false } },
      claimed: true,
    };
    expect(shouldDrop(base, { ok: false, status: 503 })).toBe(true);
    expect(shouldDrop(base, { ok: false, error: 'ECONNREFUSED' })).toBe(false);
    expect(shouldDrop(base, { ok: true, ms: 1 })).toBe(false);
    const legacy = { ...base, settings: { pingfall: { fail_status: [404], drop_unknown: false } } };
    expect(shouldDrop(legacy, { ok: false, status: 404 })).toBe(true);
    expect(shouldDrop(legacy, { ok: false, status: 400 })).toBe(false);
  });
});
