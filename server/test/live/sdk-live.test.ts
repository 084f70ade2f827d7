// @pennon/sdk/live against the real server: push (SignalR) and poll (REST with ETag) both deliver what comes next.
import type { GameEvent, GameNotice, LogMessageModel } from '@pennon/sdk/contract';
import {
  connectAdminLogs,
  connectGameNotices,
  connectMonitor,
  type LiveSubscription,
} from '@pennon/sdk/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameFeed } from '../../src/games/feed.ts';
import { gameBody, gameClient, signInAdmin } from '../games/helpers.ts';
import { cookieName } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';

describe.each(databaseKinds())('the SDK live client on $name', (kind) => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let gameId: number;
  let apiToken: string;
  const subscriptions: LiveSubscription[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t.app, t.connection.db);
    const c = gameClient(t.app);
    ({ id: gameId } = await c.ok(admin, 'POST', '/api/edit/games', gameBody()));
    ({ token: apiToken } = await c.ok(admin, 'POST', '/api/tokens', { name: 'sdk live' }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}/`;
  });
  afterAll(async () => {
    await Promise.all(subscriptions.map((s) => s.stop()));
    await t?.close();
  });

  const post = (content: string) =>
    gameClient(t.app).ok(admin, 'POST', `/api/edit/games/${gameId}/notices`, { content });

  it.each(['push', 'poll', 'auto'] as const)('delivers a new notice in %s mode', async (mode) => {
    await post(`before ${mode}`);
    const received: GameNotice[] = [];
    const subscription = await connectGameNotices(
      base,
      gameId,
      { notice: (n) => received.push(n) },
      { mode, pollIntervalMs: 100 },
    );
    subscriptions.push(subscription);
    expect(subscription.mode).toBe(mode === 'poll' ? 'poll' : 'push');
    const notice = await post(`after ${mode}`);
    await expect.poll(() => received, { timeout: 5000 }).toContainEqual(notice);
    expect(received.some((n) => n.values[0] === `before ${mode}`)).toBe(false);
    await subscription.stop();
  });

  it.each(['push', 'poll'] as const)('delivers monitor events and admin logs in %s mode', async (mode) => {
    const events: GameEvent[] = [];
    const logs: LogMessageModel[] = [];
    const monitor = await connectMonitor(
      base,
      gameId,
      { event: (e) => events.push(e) },
      { mode, token: apiToken, pollIntervalMs: 100 },
    );
    const adminLogs = await connectAdminLogs(
      base,
      { log: (l) => logs.push(l) },
      { mode, cookie: `${cookieName}=${admin}`, pollIntervalMs: 100 },
    );
    subscriptions.push(monitor, adminLogs);
    const event = await new GameFeed(t.connection.db, t.app.bus).addEvent(gameId, {
      type: 'ContainerDestroy',
      values: ['2', `Pwn ${mode}`],
    });
    await post(`logged ${mode}`);
    await expect.poll(() => events, { timeout: 5000 }).toContainEqual(event);
    await expect
      .poll(() => logs.map((l) => l.msg), { timeout: 5000 })
      .toContainEqual(expect.stringMatching(/Published notice/));
  });

  it('refuses a monitor without credentials in push mode, and reports it in auto mode before polling', async () => {
    await expect(connectMonitor(base, gameId, { event: () => {} }, { mode: 'push' })).rejects.toThrow();
    const errors: unknown[] = [];
    await expect(
      connectMonitor(base, gameId, { event: () => {}, error: (e) => errors.push(e) }, { mode: 'auto' }),
    ).rejects.toThrow();
    expect(errors).toHaveLength(1);
  });
});
