// The whole wsrx flow against the real daemon of `wsrx/` (real timers): register → Pending, approval
// through the control API → Usable, a tunnel to a local WebSocket echo server, dedupe, sync, remove, the
// daemon stopping (offline) and coming back (connect() recovers).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { type RunningDaemon, startDaemon } from '../../wsrx/src/index.ts';
import { silentLogger } from '../../wsrx/src/log.ts';
import { createWsrxController, memoryOptions, WsrxControl, WsrxState } from '../src/wsrx/index.ts';

const ORIGIN = 'https://ctf.example.com';

let stateDir: string;
let echo: Server;
let echoUrl: string;

const start = (port = 0) => startDaemon({ port, stateDir, logger: silentLogger, probeIntervalMs: 60_000 });

const waitFor = async (check: () => boolean, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Sends `text` through the tunnel on `local` and reads it back. */
const roundTrip = (local: string, text: string) =>
  new Promise<string>((resolve, reject) => {
    const port = Number(local.slice(local.lastIndexOf(':') + 1));
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let got = '';
    socket.on('data', (chunk) => {
      got += chunk.toString();
      if (got.length >= text.length) {
        socket.destroy();
        resolve(got);
      }
    });
    socket.on('error', reject);
  });

beforeAll(async () => {
  stateDir = mkdtempSync(path.join(tmpdir(), 'pennon-sdk-wsrx-'));
  // A WebSocket echo server; plain requests (the daemon's probe) get 204.
  echo = createServer((_req, res) => res.writeHead(204).end());
  const wss = new WebSocketServer({ server: echo });
  wss.on('connection', (ws) => ws.on('message', (data, binary) => ws.send(data, { binary })));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoUrl = `ws://127.0.0.1:${(echo.address() as AddressInfo).port}/api/proxy/c1`;
});

afterAll(async () => {
  echo.closeAllConnections();
  await new Promise((resolve) => echo.close(resolve));
  rmSync(stateDir, { recursive: true, force: true });
});

describe('against the wsrx daemon', () => {
  it('registers, waits for approval, tunnels, syncs, goes offline and recovers', {
    timeout: 40_000,
  }, async () => {
    let daemon: RunningDaemon = await start();
    const port = daemon.port;
    const storage = memoryOptions({ api: daemon.url });
    const c = createWsrxController({ origin: ORIGIN, storage, title: 'Pennon' });
    const offline = vi.fn();
    c.onOffline(offline);
    try {
      expect(await c.connect()).toBe(WsrxState.Pending);
      expect(c.getState().version).toMatch(/^\d+\.\d+/);
      const control = new WsrxControl({ url: daemon.url, token: daemon.controlToken });
      const scopes = await control.scopes();
      expect(scopes).toContainEqual(
        expect.objectContaining({ host: ORIGIN, name: 'Pennon::CTF', state: 'pending' }),
      );

      await control.allow(ORIGIN);
      await waitFor(() => c.getState().state === WsrxState.Usable, 'Usable');

      const added = await c.add({ label: 'Echo @ Pennon', remote: echoUrl });
      expect(added).toMatchObject({ label: 'Echo @ Pennon', remote: echoUrl });
      expect(added.local).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(await roundTrip(added.local, 'hello through wsrx')).toBe('hello through wsrx');
      // The same remote again: the known tunnel, no second listener.
      expect(await c.add({ label: 'again', remote: echoUrl })).toEqual(added);
      const tunnels = await control.tunnels();
      expect(tunnels).toHaveLength(1);

      expect(await c.sync()).toEqual([expect.objectContaining({ remote: echoUrl, local: added.local })]);
      await c.remove(added.local);
      expect(c.getState().instances).toEqual([]);
      expect(await c.sync()).toEqual([]);

      await daemon.close();
      await waitFor(() => c.getState().state === WsrxState.Invalid, 'Invalid', 8_000);
      expect(offline).toHaveBeenCalledTimes(1);

      // The approval survives the restart (same state dir and port); tunnels do not.
      daemon = await start(port);
      expect(await c.connect()).toBe(WsrxState.Usable);
      expect(c.getState()).toMatchObject({ state: WsrxState.Usable, error: null, instances: [] });
    } finally {
      c.dispose();
      await daemon.close();
    }
  });
});
