import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameFeed } from '../../src/games/feed.ts';
import { type LiveMessage, LocalBus } from '../../src/live/bus.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { gameBody, gameClient, signInAdmin } from './helpers.ts';

describe.each(databaseKinds())('game feed on $name', (kind) => {
  let t: TestApp;
  let gameId: number;
  const pushed: LiveMessage[] = [];
  let feed: GameFeed;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await signInAdmin(t.app, t.connection.db);
    ({ id: gameId } = await gameClient(t.app).ok(admin, 'POST', '/api/edit/games', gameBody()));
    const bus = new LocalBus();
    bus.subscribe((message) => pushed.push(message));
    bus.subscribe(() => {
      throw new Error('a broken subscriber');
    });
    let clock = 1_700_000_000_000;
    feed = new GameFeed(t.connection.db, bus, () => clock++);
  });
  afterAll(async () => t?.close());

  it('stores a notice and pushes it to the game’s players', async () => {
    const notice = await feed.addNotice(gameId, 'FirstBlood', ['<b>Team</b>', 'Warmup']);
    expect(notice).toMatchObject({
      type: 'FirstBlood',
      values: ['<b>Team</b>', 'Warmup'],
      time: 1_700_000_000_000,
    });
    expect(pushed.at(-1)).toEqual({ hub: 'user', gameId, method: 'ReceivedGameNotice', payload: notice });
    const row = await t.connection.db
      .selectFrom('game_notices')
      .selectAll()
      .where('id', '=', notice.id)
      .executeTakeFirst();
    expect(JSON.parse(row?.values ?? '[]')).toEqual(['<b>Team</b>', 'Warmup']);
  });

  it('stores an event with who did it and pushes it to monitors', async () => {
    const event = await feed.addEvent(gameId, {
      type: 'ContainerStart',
      values: ['3', 'Web 1'],
      userName: 'alice',
      teamName: 'Dock',
    });
    expect(event).toEqual({
      type: 'ContainerStart',
      values: ['3', 'Web 1'],
      time: 1_700_000_000_001,
      user: 'alice',
      team: 'Dock',
    });
    expect(pushed.at(-1)).toMatchObject({
      hub: 'monitor',
      gameId,
      method: 'ReceivedGameEvent',
      payload: event,
    });
    const count = await t.connection.db
      .selectFrom('game_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(1);
  });
});
