// The demo game of a first start (issue 6 item 9): created once, playable through the API.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../../src/services/admin-seed.ts';
import { demoGameTitle, seedDemo, wantsDemo } from '../../src/services/demo-seed.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { gameClient } from './helpers.ts';

describe.each(databaseKinds())('the demo game on $name', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let gameId: number;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-demo-'));
    t = await startTestApp(kind, { PENNON_DATA_DIR: dataDir });
    const created = await seedAdmin(t.connection.db, { password: 'Harbour2024', announce: () => {} });
    expect(wantsDemo(created, {})).toBe(true);
    gameId = await seedDemo({
      db: t.connection.db,
      dataDir,
      baseUrl: 'http://pennon.test/',
      containers: t.app.containers,
      announce: (line) => lines.push(line),
    });
  });
  afterAll(async () => t?.close());

  it('is made on the first start only, and not with PENNON_DEMO=off', async () => {
    expect(lines).toEqual([`Demo game created: http://pennon.test/games/${gameId}`]);
    const again = await seedAdmin(t.connection.db, { password: 'Harbour2024', announce: () => {} });
    expect(wantsDemo(again, {})).toBe(false);
    expect(wantsDemo(true, { PENNON_DEMO: 'off' })).toBe(false);
    const games = await t.connection.db.selectFrom('games').select('title').execute();
    expect(games).toEqual([{ title: demoGameTitle }]);
  });

  it('runs now with enabled challenges, a post and a notice', async () => {
    const c = gameClient(t.app);
    const game = await c.ok(null, 'GET', `/api/game/${gameId}`);
    expect(game.start).toBeLessThan(Date.now());
    expect(game.end).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);
    const enabled = await t.connection.db
      .selectFrom('challenges')
      .select(['type', 'category'])
      .where('game_id', '=', gameId)
      .where('is_enabled', '=', 1)
      .execute();
    expect(enabled.length).toBeGreaterThanOrEqual(3);
    expect(enabled.map((row) => row.type)).toEqual(
      expect.arrayContaining(['StaticAttachment', 'DynamicAttachment']),
    );
    expect(await c.ok(null, 'GET', '/api/posts')).toHaveLength(1);
    const notices = await c.ok(null, 'GET', `/api/game/${gameId}/notices`);
    expect(notices).toEqual([expect.objectContaining({ type: 'Normal' })]);
  });

  it('lets a player join and solve the Crypto challenge', async () => {
    const c = gameClient(t.app);
    const player = await c.signUp('demo-player');
    const teamId = await c.createTeam(player, 'demo-team');
    await c.ok(player.token, 'POST', `/api/game/${gameId}`, { teamId });
    const details = await c.ok(player.token, 'GET', `/api/game/${gameId}/details`);
    const crypto = (Object.values(details.challenges).flat() as { id: number; title: string }[]).find(
      (ch) => ch.title === 'Base Camp',
    );
    expect(crypto).toBeDefined();
    const url = `/api/game/${gameId}/challenges/${crypto?.id}`;
    const { content } = await c.ok(player.token, 'GET', url);
    const encoded = /`([A-Za-z0-9+/=]+)`/.exec(content)?.[1] ?? '';
    const flag = Buffer.from(encoded, 'base64').toString();
    expect(flag).toMatch(/^flag\{.+\}$/);
    const submission = await c.ok(player.token, 'POST', url, { flag });
    let status = 'FlagSubmitted';
    for (let i = 0; i < 500 && status === 'FlagSubmitted'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      status = await c.ok(player.token, 'GET', `${url}/status/${submission}`);
    }
    expect(status).toBe('Accepted');
  });
});
