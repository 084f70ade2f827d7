// The data path through a tunnel: TCP client → daemon → WebSocket → platform-like proxy → TCP echo.
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { RunningDaemon } from '../src/daemon.ts';
import {
  api,
  approvedScope,
  closed,
  closeServer,
  connectTcp,
  localPort,
  portOf,
  roundTrip,
  startEcho,
  startProxy,
  startTestDaemon,
  tempDir,
  waitFor,
} from './helpers.ts';

const SITE = 'https://ctf.example.com';

describe('tunnel data path', () => {
  let echo: Awaited<ReturnType<typeof startEcho>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let daemon: RunningDaemon;
  let state: ReturnType<typeof tempDir>;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    echo = await startEcho();
    proxy = await startProxy(echo.port);
    proxy.containers.add('c2').add('c3');
    state = tempDir();
    daemon = await startTestDaemon(state.dir, { maxConnectionsPerTunnel: 3 });
    await approvedScope(daemon, SITE);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  afterAll(async () => {
    await daemon.close();
    await proxy.close();
    await echo.close();
    state.remove();
  });

  const openTunnel = async (remote: string, local = '127.0.0.1:0') => {
    const response = await api(daemon, '/pool', { origin: SITE, method: 'POST', body: { remote, local } });
    expect(response.status).toBe(200);
    return (await response.json()) as { local: string; remote: string };
  };
  const dial = async (local: string) => {
    const socket = await connectTcp(localPort(local));
    sockets.push(socket);
    return socket;
  };

  it('echoes small payloads and 8 MiB byte for byte', async () => {
    const tunnel = await openTunnel(proxy.url('c1'));
    const socket = await dial(tunnel.local);
    expect((await roundTrip(socket, Buffer.from('hello\n'))).toString()).toBe('hello\n');
    const big = randomBytes(8 * 1024 * 1024);
    const back = await roundTrip(socket, big);
    expect(back.length).toBe(big.length);
    expect(back.equals(big)).toBe(true);
  });

  it('carries several connections at once, each with its own WebSocket', async () => {
    const tunnel = await openTunnel(proxy.url('c1'));
    const before = proxy.stats.upgrades;
    const [a, b] = await Promise.all([dial(tunnel.local), dial(tunnel.local)]);
    const [ra, rb] = await Promise.all([roundTrip(a, Buffer.from('aaa')), roundTrip(b, Buffer.from('bbb'))]);
    expect([ra.toString(), rb.toString()]).toEqual(['aaa', 'bbb']);
    expect(proxy.stats.upgrades).toBe(before + 2);
  });

  it('closes the WebSocket when the TCP client closes', async () => {
    const tunnel = await openTunnel(proxy.url('c1'));
    const socket = await dial(tunnel.local);
    await roundTrip(socket, Buffer.from('x'));
    const serverSide = [...echo.sockets].at(-1);
    expect(serverSide).toBeDefined();
    const done = closed(serverSide as Socket);
    socket.end();
    await done;
  });

  it('closes the TCP client when the remote side closes', async () => {
    const tunnel = await openTunnel(proxy.url('c1'));
    const socket = await dial(tunnel.local);
    await roundTrip(socket, Buffer.from('x'));
    const done = closed(socket);
    for (const service of echo.sockets) service.end();
    expect((await done).ended).toBe(true);
  });

  it('closes the TCP client at once when the WebSocket handshake fails', async () => {
    const tunnel = await openTunnel(proxy.url('gone'));
    const socket = await dial(tunnel.local);
    await closed(socket);
  });

  it('cuts live connections when the tunnel is deleted', async () => {
    const tunnel = await openTunnel(proxy.url('c2'));
    const socket = await dial(tunnel.local);
    await roundTrip(socket, Buffer.from('x'));
    const done = closed(socket);
    const response = await api(daemon, '/pool', {
      origin: SITE,
      method: 'DELETE',
      body: { local: tunnel.local },
    });
    expect(response.status).toBe(200);
    await done;
    await expect(connectTcp(localPort(tunnel.local))).rejects.toThrow(/ECONNREFUSED/);
  });

  it('refuses connections over the per-tunnel limit', async () => {
    const tunnel = await openTunnel(proxy.url('c3'));
    const open = await Promise.all([1, 2, 3].map(() => dial(tunnel.local)));
    await Promise.all(open.map((socket) => roundTrip(socket, Buffer.from('ok'))));
    const extra = await dial(tunnel.local);
    await closed(extra);
    open[0]?.destroy();
    await waitFor(() => daemon.context.pool.get(tunnel.local)?.connections === 2, 5_000, 'a slot to free up');
    const again = await dial(tunnel.local);
    expect((await roundTrip(again, Buffer.from('again'))).toString()).toBe('again');
  });
});

describe('tunnel framing and backpressure', () => {
  let daemon: RunningDaemon;
  let state: ReturnType<typeof tempDir>;
  const http = createHttpServer();
  const wss = new WebSocketServer({ server: http, perMessageDeflate: false });

  beforeAll(async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    state = tempDir();
    daemon = await startTestDaemon(state.dir);
    await approvedScope(daemon, SITE);
  });
  afterAll(async () => {
    await daemon.close();
    for (const client of wss.clients) client.terminate();
    await closeServer(http);
    state.remove();
  });

  const tunnelTo = async (path: string) => {
    const response = await api(daemon, '/pool', {
      origin: SITE,
      method: 'POST',
      body: { remote: `ws://127.0.0.1:${portOf(http)}${path}`, local: '127.0.0.1:0' },
    });
    return ((await response.json()) as { local: string }).local;
  };

  it('writes text and binary messages from the remote unchanged, and sends TCP bytes as binary', async () => {
    const local = await tunnelTo('/frames');
    const received: { binary: boolean; data: string }[] = [];
    wss.once('connection', (ws) => {
      ws.on('message', (data: Buffer, isBinary) =>
        received.push({ binary: isBinary, data: data.toString() }),
      );
      ws.send('text:é', { binary: false });
      ws.send(Buffer.from('|bin'), { binary: true });
    });
    const socket = await connectTcp(localPort(local));
    const got = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
        if (text.length >= 'text:é|bin'.length) resolve(text);
      });
    });
    expect(got).toBe('text:é|bin');
    socket.write('up');
    await waitFor(() => received.length > 0);
    expect(received[0]).toEqual({ binary: true, data: 'up' });
    socket.destroy();
  });

  it('stops reading the WebSocket while the TCP client does not read', async () => {
    const local = await tunnelTo('/flood');
    const total = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(256 * 1024, 7);
    let remote: import('ws').WebSocket | undefined;
    wss.once('connection', (ws) => {
      remote = ws;
      for (let sent = 0; sent < total; sent += chunk.length) ws.send(chunk);
    });
    const socket = await connectTcp(localPort(local));
    socket.pause();
    await waitFor(() => remote !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The daemon paused its WebSocket: most of the 64 MiB is still queued on the remote's side.
    expect(remote?.bufferedAmount).toBeGreaterThan(total / 2);
    let size = 0;
    socket.on('data', (data: Buffer) => {
      size += data.length;
    });
    socket.resume();
    await waitFor(() => size === total, 15_000, 'all bytes after resuming');
    socket.destroy();
  });

  it('stops reading TCP while the WebSocket cannot send', async () => {
    const local = await tunnelTo('/stall');
    let remote: import('ws').WebSocket | undefined;
    let got = 0;
    wss.once('connection', (ws) => {
      remote = ws;
      ws.pause();
      ws.on('message', (data: Buffer) => {
        got += data.length;
      });
    });
    const socket = await connectTcp(localPort(local));
    await waitFor(() => remote !== undefined);
    const total = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 9);
    for (let sent = 0; sent < total; sent += chunk.length) socket.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The daemon paused its TCP socket: most of the 64 MiB is still queued in the client.
    expect(socket.writableLength).toBeGreaterThan(total / 2);
    remote?.resume();
    await waitFor(() => got === total, 15_000, 'all bytes after resuming');
    socket.destroy();
  });
});
