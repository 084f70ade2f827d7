// The control API client against a real pennon-wsrx daemon: every route of the table, the shapes it
// answers, the pairing code, and why a call fails (no daemon, a wrong token, a refused call).
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDaemon, startDaemon } from '../../wsrx/src/index.ts';
import { silentLogger } from '../../wsrx/src/log.ts';
import {
  readWsrxPairingCode,
  WsrxClient,
  WsrxControl,
  WsrxControlError,
  wsrxControlLink,
  wsrxPairingCode,
} from '../src/wsrx/index.ts';

const SITE = 'https://ctf.example.com';
const OTHER = 'https://other.example.com';

describe('WsrxControl', () => {
  let stateDir: string;
  let daemon: RunningDaemon;
  let control: WsrxControl;

  beforeAll(async () => {
    stateDir = mkdtempSync(path.join(tmpdir(), 'pennon-sdk-control-'));
    daemon = await startDaemon({ port: 0, stateDir, logger: silentLogger, probeIntervalMs: 60_000 });
    control = new WsrxControl({ url: daemon.url, token: daemon.controlToken });
    for (const [origin, name] of [
      [SITE, 'Harbour CTF'],
      [OTHER, 'Other CTF'],
    ] as const) {
      await new WsrxClient({ api: daemon.url, origin }).register({ name });
    }
  });
  afterAll(async () => {
    await daemon.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('lists the sites, approves, refuses and forgets them', async () => {
    expect(await control.scopes()).toEqual([
      {
        host: SITE,
        name: 'Harbour CTF',
        state: 'pending',
        features: ['basic', 'pingfall'],
        settings: { pingfall: { status: [400, 404], drop_unknown: false } },
        tunnels: 0,
      },
      expect.objectContaining({ host: OTHER, state: 'pending' }),
    ]);
    expect(await control.allow(SITE)).toMatchObject({ host: SITE, name: 'Harbour CTF', state: 'allowed' });
    expect(await control.deny(OTHER)).toMatchObject({ host: OTHER, state: 'denied' });
    expect(await control.remove(OTHER)).toEqual({ removed: OTHER, tunnels: 0 });
    expect((await control.scopes()).map(({ host, state }) => ({ host, state }))).toEqual([
      { host: SITE, state: 'allowed' },
    ]);
  });

  it('lists every tunnel with its site and connections', async () => {
    const site = new WsrxClient({ api: daemon.url, origin: SITE });
    const opened = await site.add({ label: 'pwn-1', remote: 'ws://127.0.0.1:1/x', local: '127.0.0.1:0' });
    expect(await control.tunnels()).toEqual([{ ...opened, latency: -1, scope_host: SITE, connections: 0 }]);
    expect((await control.scopes())[0]?.tunnels).toBe(1);
    await site.remove(opened.local);
    expect(await control.tunnels()).toEqual([]);
  });

  it('says why a call failed: a wrong token, a refused call, or no daemon', async () => {
    const wrong = new WsrxControl({ url: daemon.url, token: 'b'.repeat(64) }).scopes();
    await expect(wrong).rejects.toBeInstanceOf(WsrxControlError);
    await expect(wrong).rejects.toMatchObject({
      problem: 'unauthorized',
      status: 401,
      message: expect.stringContaining('control token'),
    });
    await expect(control.remove('https://unknown.example.com')).rejects.toMatchObject({
      problem: 'failed',
      status: 404,
      message: expect.stringContaining('not found'),
    });
    await expect(control.allow('')).rejects.toMatchObject({ problem: 'failed', status: 422 });
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const { port } = free.address() as AddressInfo;
    await new Promise((resolve) => free.close(resolve));
    const nobody = new WsrxControl({ url: `http://127.0.0.1:${port}`, token: daemon.controlToken });
    await expect(nobody.scopes()).rejects.toMatchObject({
      problem: 'unreachable',
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('makes and reads the pairing code', async () => {
    const link = { url: daemon.url, token: daemon.controlToken };
    const code = wsrxPairingCode(link);
    expect(code).toBe(`${daemon.url}#${daemon.controlToken}`);
    expect(readWsrxPairingCode(` ${code} `)).toEqual(link);
    const paired = readWsrxPairingCode(code);
    if (!paired) throw new Error('no link');
    expect((await new WsrxControl(paired).scopes()).length).toBeGreaterThan(0);
    expect(readWsrxPairingCode(daemon.url)).toBeNull();
    expect(readWsrxPairingCode(`ftp://x#${daemon.controlToken}`)).toBeNull();
    expect(readWsrxPairingCode(`${daemon.url}#short`)).toBeNull();
    expect(wsrxControlLink(`${daemon.url}/`, daemon.controlToken)).toEqual(link);
  });
});
