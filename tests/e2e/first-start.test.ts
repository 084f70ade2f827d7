// What `npm start` shows a new organiser: the admin password once, and a demo game to look around in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../support/server.ts';

describe('first start', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ PENNON_DEMO: 'on' });
  });
  afterAll(async () => server?.stop());

  it('prints the generated admin password and the demo game address', () => {
    expect(server.output()).toMatch(/Admin account created: admin \/ \S{12,}/);
    expect(server.output()).toMatch(/Demo game created: http:\/\/\S+\/games\/\d+/);
  });

  it('serves the demo game as a running, joinable game', async () => {
    const games = await (await fetch(`${server.url}/api/game`)).json();
    const demo = games.data.find((game: { title: string }) => game.title === 'Pennon Demo');
    expect(demo).toBeDefined();
    expect(demo.start).toBeLessThan(Date.now());
    expect(demo.end).toBeGreaterThan(Date.now());
  });
});
