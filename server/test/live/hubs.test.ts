// §1.9 hubs through the official @microsoft/signalr client against the real server: who may connect and what each
// hub receives. Delivery between server processes: processes.test.ts.
import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  type IHttpConnectionOptions,
  LogLevel,
} from '@microsoft/signalr';
import type { GameEvent, GameNotice, LogMessageModel } from '@pennon/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { GameFeed } from '../../src/games/feed.ts';
import { gameBody, gameClient, type Player, signInAdmin } from '../games/helpers.ts';
import { cookieName } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { listen, next } from '../support/hubs.ts';

describe.each(databaseKinds())('SignalR hubs on $name', (kind) => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let gameId: number;
  let player: Player;
  let monitor: Player;
  let apiToken: string;
  const open: HubConnection[] = [];

  const connect = async (path: string, options: IHttpConnectionOptions = {}) => {
    const connection = new HubConnectionBuilder()
      .withUrl(`${base}${path}`, { transport: HttpTransportType.WebSockets, ...options })
      .configureLogging(LogLevel.None)
      .build();
    open.push(connection);
    await connection.start();
    return connection;
  };
  const cookie = (token: string) => ({ headers: { cookie: `${cookieName}=${token}` } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t.app, t.connection.db);
    const c = gameClient(t.app);
    ({ id: gameId } = await c.ok(admin, 'POST', '/api/edit/games', gameBody()));
    player = await c.signUp('pia');
    monitor = await c.signUp('moe');
    await c.ok(admin, 'PUT', `/api/admin/users/${monitor.id}`, { role: 'Monitor' });
    ({ token: apiToken } = await c.ok(admin, 'POST', '/api/tokens', { name: 'hub bot' }));
    base = await listen(t.app);
  });
  afterAll(async () => {
    await Promise.all(open.map((connection) => connection.stop()));
    await t?.close();
  });

  it('pushes an admin notice to anonymous players of the game', async () => {
    const hub = await connect(`/hub/user?game=${gameId}`);
    const received = next<GameNotice>(hub, 'ReceivedGameNotice');
    const posted = await gameClient(t.app).ok(admin, 'POST', `/api/edit/games/${gameId}/notices`, {
      content: 'Welcome aboard',
    });
    expect(await received).toEqual(posted);
    expect(posted).toMatchObject({ type: 'Normal', values: ['Welcome aboard'], time: expect.any(Number) });
  });

  it('works without negotiation too', async () => {
    const hub = await connect(`/hub/user?game=${gameId}`, { skipNegotiation: true });
    const received = next<GameNotice>(hub, 'ReceivedGameNotice');
    await gameClient(t.app).ok(admin, 'POST', `/api/edit/games/${gameId}/notices`, { content: 'direct' });
    expect((await received).values).toEqual(['direct']);
  });

  it('pushes game events to monitors signed in by cookie or by API token', async () => {
    const byCookie = await connect(`/hub/monitor?game=${gameId}`, cookie(monitor.token));
    const byToken = await connect(`/hub/monitor?game=${gameId}`, { accessTokenFactory: () => apiToken });
    const both = Promise.all([
      next<GameEvent>(byCookie, 'ReceivedGameEvent'),
      next<GameEvent>(byToken, 'ReceivedGameEvent'),
    ]);
    const event = await new GameFeed(t.connection.db, t.app.bus).addEvent(gameId, {
      type: 'ContainerStart',
      values: ['1', 'Web'],
      userName: 'pia',
      teamName: 'Dock',
    });
    expect(await both).toEqual([event, event]);
  });

  it('pushes admin log entries to admins, as "Anonymous" when nobody is named', async () => {
    const hub = await connect('/hub/admin', cookie(admin));
    const logged = next<LogMessageModel>(hub, 'ReceivedLog');
    await gameClient(t.app).ok(admin, 'POST', `/api/edit/games/${gameId}/notices`, { content: 'logged' });
    expect(await logged).toMatchObject({
      name: 'admin',
      level: 'Information',
      msg: expect.stringMatching(/notice/),
    });
    const anonymous = next<LogMessageModel>(hub, 'ReceivedLog');
    await t.app.auditLog.write({ level: 'Warning', msg: 'nobody' });
    expect(await anonymous).toMatchObject({ name: 'Anonymous', msg: 'nobody' });
  });

  it('refuses connections that may not see the hub or name no existing game', async () => {
    const refused = (path: string, options?: IHttpConnectionOptions) =>
      expect(connect(path, options)).rejects.toThrow();
    await refused(`/hub/monitor?game=${gameId}`);
    await refused(`/hub/monitor?game=${gameId}`, cookie(player.token));
    await refused(`/hub/monitor?game=${gameId}`, { accessTokenFactory: () => 'not.a-token' });
    await refused(`/hub/monitor?game=99999`, cookie(monitor.token));
    await refused('/hub/admin', cookie(monitor.token));
    await refused('/hub/admin');
    await refused('/hub/user?game=99999');
    await refused('/hub/user?game=abc');
    await refused('/hub/user');
    await refused(`/hub/user?game=99999`, { skipNegotiation: true });
    await refused('/hub/admin', { skipNegotiation: true, ...cookie(player.token) });
  });

  it('titles a refused upgrade or negotiation in the language the client asks for', async () => {
    const refusal = (path: string, language: string) =>
      new Promise<{ status?: number; body: string }>((resolve) => {
        const ws = new WebSocket(`${base.replace('http', 'ws')}${path}`, {
          headers: { 'accept-language': language },
        });
        ws.on('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += String(chunk);
          });
          res.on('end', () => resolve({ status: res.statusCode, body }));
        });
        ws.on('open', () => resolve({ body: 'opened' }));
      });
    expect(await refusal('/hub/admin', 'de-DE,de;q=0.9')).toEqual({
      status: 401,
      body: JSON.stringify({ title: 'Melden Sie sich an, um fortzufahren', status: 401 }),
    });
    expect(JSON.parse((await refusal('/hub/user?game=99999', 'fr')).body).title).toBe('Partie introuvable');
    expect(JSON.parse((await refusal('/hub/user?game=99999', 'en-US')).body).title).toBe('Game not found');
    expect(JSON.parse((await refusal('/nowhere', 'ja')).body).title).toBe('見つかりません：GET /nowhere');
    const negotiate = await fetch(`${base}/hub/admin/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(negotiate.status).toBe(401);
    expect(((await negotiate.json()) as { title: string }).title).toBe('请登录后继续');
  });

  it('speaks the JSON hub protocol on the wire and answers unknown upgrades with 404', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/hub/user?game=${gameId}`);
    const frames: string[] = [];
    ws.on('message', (data) => frames.push(String(data)));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send('{"protocol":"json","version":1}\x1e');
    await expect.poll(() => frames.length).toBeGreaterThan(0);
    expect(frames[0]).toBe('{}\x1e');
    ws.send('{"type":1,"invocationId":"7","target":"Nope","arguments":[]}\x1e');
    await expect.poll(() => frames.length).toBeGreaterThan(1);
    expect(JSON.parse(frames[1]?.slice(0, -1) ?? '')).toMatchObject({ type: 3, invocationId: '7' });
    ws.close();

    const bad = new WebSocket(`${base.replace('http', 'ws')}/hub/user?game=${gameId}`);
    const badFrames: string[] = [];
    bad.on('message', (data) => badFrames.push(String(data)));
    await new Promise((resolve) => bad.once('open', resolve));
    bad.send('{"protocol":"messagepack","version":1}\x1e');
    await new Promise((resolve) => bad.once('close', resolve));
    expect(JSON.parse(badFrames[0]?.slice(0, -1) ?? '{}')).toHaveProperty('error');

    const status = await new Promise<number | undefined>((resolve) => {
      const other = new WebSocket(`${base.replace('http', 'ws')}/somewhere/else`);
      other.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      other.on('error', () => resolve(undefined));
    });
    expect(status).toBe(404);
  });
});
