// Open hub connections are capped per client address and in all: negotiate answers the envelope (429, 503), an
// upgrade over the cap gets the reason as its handshake error and as the reason of a 1013 close, and a slot frees
// when a connection ends.
import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { gameBody, gameClient, signInAdmin } from '../games/helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { listen } from '../support/hubs.ts';

const RS = '\x1e';

type Outcome = { open: WebSocket } | { code: number; reason: string; records: string[] };

/** A raw client from `localAddress`: connected once the server accepts its handshake, or how it was closed. */
const rawConnect = (url: string, localAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  new Promise<Outcome>((resolve, reject) => {
    const ws = new WebSocket(url, { localAddress, headers });
    const records: string[] = [];
    ws.on('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
    ws.on('message', (data: Buffer) => {
      records.push(data.toString());
      if (data.toString() === `{}${RS}`) resolve({ open: ws });
    });
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString(), records }));
    ws.on('error', reject);
  });

const opened = (outcome: Outcome): WebSocket => {
  if (!('open' in outcome)) throw new Error(`closed with ${outcome.code} ${outcome.reason}`);
  return outcome.open;
};

describe.each(databaseKinds())('hub connection caps on $name', (kind) => {
  const sockets: WebSocket[] = [];
  const hubs: HubConnection[] = [];
  afterEach(async () => {
    for (const ws of sockets.splice(0)) ws.terminate();
    await Promise.all(hubs.splice(0).map((hub) => hub.stop()));
  });

  const signalr = (url: string, skipNegotiation = false) => {
    const hub = new HubConnectionBuilder()
      .withUrl(url, { transport: HttpTransportType.WebSockets, skipNegotiation })
      .configureLogging(LogLevel.None)
      .build();
    hubs.push(hub);
    return hub;
  };

  describe('with small settings', () => {
    // A server per test, so connections a test leaves behind never count in the next.
    let t: TestApp;
    let gameId: number;
    let base: string;
    beforeEach(async () => {
      t = await startTestApp(kind, { PENNON_HUB_MAX_PER_ADDRESS: '2', PENNON_HUB_MAX_TOTAL: '3' });
      const admin = await signInAdmin(t.app, t.connection.db);
      ({ id: gameId } = await gameClient(t.app).ok(admin, 'POST', '/api/edit/games', gameBody()));
      base = await listen(t.app);
    });
    afterEach(async () => t?.close());

    const hubUrl = () => `${base}/hub/user?game=${gameId}`;
    const negotiate = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: `/hub/user/negotiate?game=${gameId}`, remoteAddress });

    it('refuses one connection too many from an address, and takes it again once one closes', async () => {
      const first = signalr(hubUrl());
      await first.start();
      await signalr(hubUrl()).start();

      const refused = await negotiate('127.0.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ title: 'Too many live connections from your address', status: 429 });
      await expect(signalr(hubUrl()).start()).rejects.toThrow(/429/);

      // A client that skips negotiation gets the reason as the answer to its handshake, and on the close.
      await expect(signalr(hubUrl(), true).start()).rejects.toThrow(
        'Server returned handshake error: Too many live connections from your address',
      );
      expect(
        await rawConnect(hubUrl().replace('http', 'ws'), '127.0.0.1', { 'accept-language': 'de' }),
      ).toEqual({
        code: 1013,
        reason: 'Zu viele Live-Verbindungen von Ihrer Adresse',
        records: [`{"error":"Zu viele Live-Verbindungen von Ihrer Adresse"}${RS}`],
      });
      // Another address still gets in.
      expect((await negotiate('127.0.0.2')).statusCode).toBe(200);

      await first.stop();
      const deadline = Date.now() + 5000;
      while ((await negotiate('127.0.0.1')).statusCode !== 200) {
        if (Date.now() > deadline) throw new Error('the closed connection was never released');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await signalr(hubUrl()).start();
    });

    it('refuses connections past the total from any address', async () => {
      const url = hubUrl().replace('http', 'ws');
      for (const address of ['127.0.0.1', '127.0.0.1', '127.0.0.2'])
        sockets.push(opened(await rawConnect(url, address)));

      const refused = await negotiate('127.0.0.3');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ title: 'Too many live connections to the server', status: 503 });
      expect(await rawConnect(url, '127.0.0.3')).toMatchObject({
        code: 1013,
        reason: 'Too many live connections to the server',
      });
    });
  });

  describe('with the default settings', () => {
    let t: TestApp;
    let url: string;
    beforeAll(async () => {
      t = await startTestApp(kind);
      const admin = await signInAdmin(t.app, t.connection.db);
      const { id } = await gameClient(t.app).ok(admin, 'POST', '/api/edit/games', gameBody());
      url = `${(await listen(t.app)).replace('http', 'ws')}/hub/user?game=${id}`;
    });
    afterAll(async () => t?.close());

    it('takes 100 connections from one address and refuses the 101st', async () => {
      for (let i = 0; i < 100; i++) sockets.push(opened(await rawConnect(url)));
      expect(await rawConnect(url)).toMatchObject({
        code: 1013,
        reason: 'Too many live connections from your address',
      });
    });
  });
});
