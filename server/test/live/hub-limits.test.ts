// The hubs' protection against clients that misbehave: silent clients and stalled handshakes are dropped on
// time, and a client that stops reading is cut off before its backlog grows without bound, while others keep
// receiving. Short limits make these observable; the defaults (15 s pings, 30 s timeout, 1 MiB) work the same way.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HubServer } from '../../src/live/hubs.ts';
import { trustNobody } from '../../src/proxy-trust.ts';
import { clientAddress } from '../../src/raw-request/client-address.ts';
import { ApiTokenService } from '../../src/services/api-tokens.ts';
import { PlatformSecrets } from '../../src/services/platform-secrets.ts';
import { SessionStore } from '../../src/services/sessions.ts';
import { readSettings } from '../../src/settings.ts';
import { gameBody, gameClient, signInAdmin } from '../games/helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';

const RS = '\x1e';
const sqlite = databaseKinds()[0];
if (!sqlite) throw new Error('no database kind');

describe('hub limits', () => {
  let t: TestApp;
  let hubs: HubServer;
  let server: Server;
  let url: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(sqlite);
    const admin = await signInAdmin(t.app, t.connection.db);
    const { id } = await gameClient(t.app).ok(admin, 'POST', '/api/edit/games', gameBody());
    const db = t.connection.db;
    hubs = new HubServer({
      db,
      sessions: new SessionStore(db),
      apiTokens: new ApiTokenService(db, new PlatformSecrets(db)),
      clientAddress: (request) => clientAddress(request, trustNobody),
      limits: readSettings({}).hubLimits,
      pingIntervalMs: 50,
      clientTimeoutMs: 300,
      handshakeTimeoutMs: 200,
      maxBufferedBytes: 256 * 1024,
    });
    hubs.start();
    server = createServer();
    server.on('upgrade', (request, socket, head) => hubs.handleUpgrade(request, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/hub/user?game=${id}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.terminate();
  });
  afterAll(async () => {
    hubs.close();
    server.close();
    await t.close();
  });

  /** A raw client: opens, optionally does the JSON-protocol handshake, and records every record received. */
  const client = async (handshake = true) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    const records: string[] = [];
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    ws.on('message', (data: Buffer) => records.push(...data.toString().split(RS).filter(Boolean)));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    if (handshake) {
      ws.send(`{"protocol":"json","version":1}${RS}`);
      await until(() => records.includes('{}'));
    }
    return { ws, records, closed };
  };

  const until = async (check: () => boolean, ms = 5000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('pings a connected client and drops it once it stays silent past the timeout', async () => {
    const silent = await client();
    await until(() => silent.records.includes('{"type":6}'));
    await silent.closed;
    expect(silent.records.at(-1)).toMatch(/"type":7.*timeout/);
    expect(hubs.size).toBe(0);
  });

  it('keeps a client that answers pings', async () => {
    const lively = await client();
    const timer = setInterval(() => lively.ws.send(`{"type":6}${RS}`), 50);
    try {
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(lively.ws.readyState).toBe(WebSocket.OPEN);
      expect(hubs.size).toBe(1);
    } finally {
      clearInterval(timer);
    }
  });

  it('drops a socket that never completes the handshake', async () => {
    const started = Date.now();
    const mute = await client(false);
    await mute.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(mute.records).toEqual([]);
  });

  it('cuts off a client that stops reading, and keeps delivering to the others', async () => {
    const reader = await client();
    const stalled = await client();
    const keepAlive = setInterval(() => {
      for (const { ws } of [reader, stalled])
        if (ws.readyState === WebSocket.OPEN) ws.send(`{"type":6}${RS}`);
    }, 50);
    try {
      // The stalled client's TCP window fills, then the server-side backlog passes the limit.
      (stalled.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const gameId = Number(new URL(url).searchParams.get('game'));
      const payload = 'x'.repeat(256 * 1024);
      for (let i = 0; i < 64; i++) {
        hubs.deliver({
          hub: 'user',
          gameId,
          method: 'ReceivedGameNotice',
          payload: { id: i, time: Date.now(), type: 'Normal', values: [payload] },
        });
        await new Promise((resolve) => setImmediate(resolve));
      }
      await until(() => hubs.size === 1);
      await until(() => reader.records.filter((r) => r.includes('ReceivedGameNotice')).length === 64, 10_000);
      expect(reader.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      clearInterval(keepAlive);
    }
  });
});
