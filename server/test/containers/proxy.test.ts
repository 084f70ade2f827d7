import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WsrxControl } from '@pennon/sdk/wsrx/control';
import { type RunningDaemon, startDaemon } from '@pennon/wsrx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_CONNECTIONS } from '../../src/containers/proxy.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { engineSocket, flagSpec, requireEngine } from './engine.ts';

const ORIGIN = 'https://ctf.example.com';
const sqlite = databaseKinds()[0];
if (!sqlite) throw new Error('no database kind');

/** A local TCP echo service registered as a container record: the proxy cannot tell it from a container. */
const startEcho = async () => {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, sockets };
};

const register = async (t: TestApp, port: number, instanceId: number | null = null, ip = '127.0.0.1') => {
  const id = randomUUID();
  await t.connection.db
    .insertInto('containers')
    .values({
      id,
      runtime_id: `local-${id}`,
      image: 'local',
      ip,
      port,
      public_ip: null,
      public_port: null,
      started_at: Date.now(),
      expect_stop_at: Date.now() + 3_600_000,
      status: 'Running',
      instance_id: instanceId,
      is_proxy: 1,
    })
    .execute();
  return id;
};

/** Opens a WebSocket; resolves with it, or with the status, body and headers of a refused upgrade. */
const open = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ ws?: WebSocket; status?: number; body?: string; retryAfter?: string }>((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body, retryAfter: res.headers['retry-after'] }),
      );
    });
    ws.once('error', () => {});
  });

const freePort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

const waitFor = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const readUntil = (socket: Socket, bytes: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let got = 0;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      got += chunk.length;
      if (got >= bytes) resolve(Buffer.concat(chunks));
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
  });

beforeAll(requireEngine);

describe('platform proxy when port mapping is Default', () => {
  it('answers 400: proxying is off', async () => {
    const t = await startTestApp(sqlite, { PENNON_DOCKER_HOST: engineSocket });
    try {
      const id = await register(t, 1);
      const res = await t.app.inject({ method: 'GET', url: `/api/proxy/${id}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ title: 'TCP proxy is disabled', status: 400 });
    } finally {
      await t.close();
    }
  });
});

describe('platform proxy (PlatformProxy)', () => {
  let t: TestApp;
  let base: string;
  let echo: Awaited<ReturnType<typeof startEcho>>;
  let daemon: RunningDaemon;

  beforeAll(async () => {
    t = await startTestApp(sqlite, {
      PENNON_DOCKER_HOST: engineSocket,
      PENNON_PORT_MAPPING: 'PlatformProxy',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    echo = await startEcho();
    daemon = await startDaemon({
      port: 0,
      stateDir: mkdtempSync(path.join(os.tmpdir(), 'pennon-wsrx-proxy-')),
      probeIntervalMs: 60_000,
      quiet: true,
    });
  });
  afterAll(async () => {
    await daemon?.close();
    const rows = await t.connection.db.selectFrom('containers').select('id').execute();
    await Promise.all(rows.map((row) => t.app.containers.stop(row.id)));
    for (const socket of echo.sockets) socket.destroy();
    echo.server.close();
    await t.close();
  });

  it('answers plain requests: 204 for a known container (any method), 404 otherwise', async () => {
    const id = await register(t, echo.port);
    for (const method of ['GET', 'OPTIONS', 'POST'] as const) {
      expect((await t.app.inject({ method, url: `/api/proxy/${id}` })).statusCode).toBe(204);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/proxy/${id.toUpperCase()}` })).statusCode).toBe(
      204,
    );
    const unknown = await t.app.inject({ method: 'GET', url: `/api/proxy/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ title: 'Container does not exist', status: 404 });
    const korean = await t.app.inject({
      method: 'GET',
      url: `/api/proxy/${randomUUID()}`,
      headers: { 'accept-language': 'ko-KR' },
    });
    expect(korean.json()).toEqual({ title: '컨테이너가 존재하지 않습니다', status: 404 });
    expect((await t.app.inject({ method: 'GET', url: '/api/proxy/not-a-guid' })).statusCode).toBe(404);
    // noinst: only containers not bound to a game instance.
    expect((await t.app.inject({ method: 'GET', url: `/api/proxy/noinst/${id}` })).statusCode).toBe(204);
    const bound = await register(t, echo.port, 5);
    expect((await t.app.inject({ method: 'GET', url: `/api/proxy/noinst/${bound}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/proxy/${bound}` })).statusCode).toBe(204);
  });

  it('refuses upgrades the same way, and 418 when the container does not accept TCP, leaking no slot', async () => {
    const unknown = await open(`ws://${base}/api/proxy/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    const dead = await register(t, await freePort());
    const refused = await open(`ws://${base}/api/proxy/${dead}`);
    expect(refused.status).toBe(418);
    expect(JSON.parse(refused.body ?? '{}')).toMatchObject({ status: 418 });
    expect(refused.body).toMatch(/Failed to connect to the container \(ECONNREFUSED\)/);
    await waitFor(() => t.app.containerProxy.connections(dead) === 0, 'the slot to be released');
  });

  it('caps connections per container at 33 and releases the slots on close', async () => {
    const id = await register(t, echo.port);
    const url = `ws://${base}/api/proxy/${id}`;
    const opened = await Promise.all(Array.from({ length: MAX_CONNECTIONS + 1 }, () => open(url)));
    expect(opened.every((o) => o.ws)).toBe(true);
    expect(t.app.containerProxy.connections(id)).toBe(MAX_CONNECTIONS + 1);
    const over = await open(url);
    expect(over.status).toBe(400);
    expect(JSON.parse(over.body ?? '{}')).toEqual({
      title: 'Container connection limit reached',
      status: 400,
    });
    // noinst does not count.
    const admin = await open(`ws://${base}/api/proxy/noinst/${id}`);
    expect(admin.ws).toBeDefined();
    admin.ws?.close();

    for (const o of opened) o.ws?.close();
    await waitFor(() => t.app.containerProxy.connections(id) === 0, 'every slot to be released');
    const again = await open(url);
    expect(again.ws).toBeDefined();
    again.ws?.terminate();
    await waitFor(() => t.app.containerProxy.connections(id) === 0, 'the slot after a terminate');
  });

  it('closes the WebSocket when the container closes TCP', async () => {
    const id = await register(t, echo.port);
    const { ws } = await open(`ws://${base}/api/proxy/${id}`);
    if (!ws) throw new Error('no upgrade');
    const closed = new Promise((resolve) => ws.once('close', resolve));
    await waitFor(() => echo.sockets.size > 0, 'the echo side');
    for (const socket of echo.sockets) socket.end();
    await closed;
    await waitFor(() => t.app.containerProxy.connections(id) === 0, 'the slot');
  });

  const tunnel = async (guid: string): Promise<number> => {
    await new WsrxControl({ url: daemon.url, token: daemon.controlToken }).allow(ORIGIN);
    const response = await fetch(`${daemon.url}/pool`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ remote: `ws://${base}/api/proxy/${guid}`, local: '127.0.0.1:0' }),
    });
    expect(response.status).toBe(200);
    const { local } = (await response.json()) as { local: string };
    return Number(local.split(':').at(-1));
  };

  it('carries a player through wsrx → proxy → container and back: the flag, then 4 MiB echoed intact', async () => {
    const flag = `flag{${randomUUID()}}`;
    const { publish: _p, labels: _l, ...spec } = flagSpec(flag);
    const record = await t.app.containers.start({ spec, instanceId: 9 });
    expect(record.is_proxy).toBe(1);
    expect(record.public_port).toBeNull();

    const local = await tunnel(record.id);
    let text = '';
    for (let attempt = 0; attempt < 100 && !text; attempt++) {
      const socket = connect(local, '127.0.0.1');
      socket.on('error', () => {});
      text = (await readUntil(socket, 1)).toString();
      if (!text) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(text.trim()).toBe(flag);
    await waitFor(() => t.app.containerProxy.connections(record.id) === 0, 'the flag connection slot');

    const echoId = await register(t, echo.port);
    const echoLocal = await tunnel(echoId);
    const payload = randomBytes(4 * 1024 * 1024);
    const socket = connect(echoLocal, '127.0.0.1');
    const received = readUntil(socket, payload.length);
    socket.write(payload);
    expect((await received).equals(payload)).toBe(true);
    socket.destroy();
    await waitFor(() => t.app.containerProxy.connections(echoId) === 0, 'the echo slot');

    // Destroyed: the proxy forgets it at once and the daemon's probe sees 404.
    await t.app.containers.stop(record.id);
    expect((await t.app.inject({ method: 'OPTIONS', url: `/api/proxy/${record.id}` })).statusCode).toBe(404);
  });
});

describe('proxy servers', () => {
  it('have nothing else on upgrade: other paths get 404', async () => {
    const t = await startTestApp(sqlite, { PENNON_PORT_MAPPING: 'PlatformProxy' });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      expect((await open(`ws://127.0.0.1:${port}/api/other`)).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('count upgrades against the global rate limit of the forwarded client', async () => {
    const t = await startTestApp(sqlite, {
      PENNON_PORT_MAPPING: 'PlatformProxy',
      PENNON_TRUST_PROXY: '1',
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const url = `ws://127.0.0.1:${port}/api/proxy/${randomUUID()}`;
      // The reverse proxy (this test, one hop) appends the address it sees to what the client wrote.
      const from = (address: string) => open(url, { 'X-Forwarded-For': `10.6.6.6, ${address}` });
      // The global policy: 3000 requests a minute per anonymous address (a class of 100), then 429 with the time
      // to wait; sent 50 at a time.
      for (let i = 0; i < 3000; i += 50) {
        const opened = await Promise.all(Array.from({ length: 50 }, () => from('203.0.113.7')));
        expect(opened.every(({ status }) => status === 404)).toBe(true);
      }
      const refused = await from('203.0.113.7');
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(refused.body ?? '{}')).toMatchObject({ status: 429 });
      // Another client behind the same reverse proxy still gets through.
      expect((await from('198.51.100.9')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
