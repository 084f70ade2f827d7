// Prometheus metrics (issue #29): scraped from the metrics port of a real server after the requests, solves,
// scoreboard reads and live connections a game makes; and the Grafana dashboard in deploy/ reads only series that exist.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameBody, gameClient, type Player, signInAdmin } from './games/helpers.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';
import { listen } from './support/hubs.ts';
import { type Series, scrape, sumOf } from './support/metrics.ts';

const dashboardFile = path.resolve(import.meta.dirname, '../../deploy/grafana-dashboard.json');

describe.each(databaseKinds())('metrics on $name', (kind) => {
  let t: TestApp;
  let c: ReturnType<typeof gameClient>;
  let player: Player;
  let gameId: number;
  let challengeId: number;
  let base: string;

  const submit = (flag: string): Promise<number> =>
    c.ok(player.token, 'POST', `/api/game/${gameId}/challenges/${challengeId}`, { flag });
  const verdict = async (id: number): Promise<string> => {
    for (let i = 0; i < 500; i++) {
      const status = await c.ok(
        player.token,
        'GET',
        `/api/game/${gameId}/challenges/${challengeId}/status/${id}`,
      );
      if (status !== 'FlagSubmitted') return status;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('never judged');
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { PENNON_METRICS_PORT: '0' });
    const admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    player = await c.signUp('mia');
    const teamId = await c.createTeam(player, 'team-mia');
    gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    const challenges = `/api/edit/games/${gameId}/challenges`;
    challengeId = (
      await c.ok(admin, 'POST', challenges, { title: 'Buoy', type: 'StaticAttachment', category: 'Misc' })
    ).id;
    await c.ok(admin, 'POST', `${challenges}/${challengeId}/flags`, [{ flag: 'flag{buoy}' }]);
    await c.ok(admin, 'PUT', `${challenges}/${challengeId}`, { isEnabled: true });
    await c.ok(player.token, 'POST', `/api/game/${gameId}`, { teamId });
    base = await listen(t.app);
  });
  afterAll(async () => t?.close());

  it('serves /metrics on loopback only, and not on the public port', async () => {
    expect(t.app.metricsAddress()?.address).toBe('127.0.0.1');
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect(sumOf(await scrape(t.app), 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('times requests by route pattern and status, never by raw URL', async () => {
    const route = { method: 'GET', route: '/api/game/:id', status: '200' };
    const count = 'pennon_http_request_duration_seconds_count';
    const before = sumOf(await scrape(t.app), count, route);
    for (let i = 0; i < 3; i++) await c.ok(player.token, 'GET', `/api/game/${gameId}`);
    expect((await fetch(`${base}/api/no/such/${gameId}`)).status).toBe(404);
    const after = await scrape(t.app);
    expect(sumOf(after, count, route) - before).toBe(3);
    expect(sumOf(after, count, { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    const routes = after.filter((s) => s.name === count).map((s) => s.labels.route);
    expect(routes.filter((r) => r?.includes(String(gameId)))).toEqual([]);
  });

  it('counts verdicts and shows an empty judge queue once judged', async () => {
    expect(await verdict(await submit('flag{wrong}'))).toBe('WrongAnswer');
    expect(await verdict(await submit('flag{buoy}'))).toBe('Accepted');
    const series = await scrape(t.app);
    expect(sumOf(series, 'pennon_judge_verdicts_total', { verdict: 'Accepted' })).toBe(1);
    expect(sumOf(series, 'pennon_judge_verdicts_total', { verdict: 'WrongAnswer' })).toBe(1);
    expect(sumOf(series, 'pennon_judge_queue_depth')).toBe(0);
  });

  it('times scoreboard rebuilds', async () => {
    const builds = 'pennon_scoreboard_build_duration_seconds_count';
    const before = sumOf(await scrape(t.app), builds);
    const board = await c.ok(null, 'GET', `/api/game/${gameId}/scoreboard`);
    expect(board.items.map((item: { name: string }) => item.name)).toEqual(['team-mia']);
    expect(sumOf(await scrape(t.app), builds) - before).toBe(1);
  });

  it('counts open hub connections by hub', async () => {
    const hub = new HubConnectionBuilder()
      .withUrl(`${base}/hub/user?game=${gameId}`, { transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    await hub.start();
    try {
      expect(sumOf(await scrape(t.app), 'pennon_hub_connections', { hub: 'user' })).toBe(1);
    } finally {
      await hub.stop();
    }
    await expect
      .poll(async () => sumOf(await scrape(t.app), 'pennon_hub_connections', { hub: 'user' }))
      .toBe(0);
  });

  it('shows the running containers and, on PostgreSQL, the connection pool', async () => {
    const series = await scrape(t.app);
    expect(series.find((s) => s.name === 'pennon_containers_running')?.value).toBe(0);
    const open = series.find((s) => s.name === 'pennon_db_pool_connections' && s.labels.state === 'open');
    if (kind.name === 'postgres') expect(open?.value).toBeGreaterThanOrEqual(1);
    else expect(open).toBeUndefined();
  });

  it('has every series the Grafana dashboard queries', async () => {
    const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8'));
    const queried = new Set<string>(
      dashboard.panels.flatMap((panel: { targets: { expr: string }[] }) =>
        panel.targets.flatMap((target) => target.expr.match(/\b(pennon|nodejs|process)_[a-z0-9_]+/g) ?? []),
      ),
    );
    expect(queried.size).toBeGreaterThanOrEqual(10);
    const scraped = new Set((await scrape(t.app)).map((s: Series) => s.name));
    const sqliteless = (name: string) => kind.name === 'sqlite' && name.startsWith('pennon_db_pool_');
    expect([...queried].filter((name) => !scraped.has(name) && !sqliteless(name))).toEqual([]);
  });
});

describe.each(databaseKinds().slice(0, 1))('metrics as shipped', (kind) => {
  it('are off unless PENNON_METRICS_PORT is set', async () => {
    const t = await startTestApp(kind);
    try {
      await t.app.ready();
      expect(t.app.metricsAddress()).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
