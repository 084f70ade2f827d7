// Logs and shutdown (issue #29, point 7) on the real server process: SIGTERM under a flag-submission load leaves
// no acknowledged submission unjudged, and a request's log lines carry the id its answer shows.
import { connectGameNotices, type LiveState } from '@pennon/sdk/live';
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../server/src/db/database.ts';
import { databaseKinds, type TestDatabase } from '../../server/test/support/databases.ts';
import { createRunningGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Harbour2024';
const password = 'Harbour2024x';
const teams = 5;
/** Acknowledged submissions before the signal: the judge has work queued and requests are in flight. */
const beforeSignal = 150;
/** Each player's submissions at most, so the load ends by itself whatever happens. */
const perPlayer = 2000;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(databaseKinds())('shutdown on $name', (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let gameId: number;
  let challengeId: number;
  let players: ReturnType<typeof createNodeClient>[];

  beforeAll(async () => {
    database = await kind.create();
    server = await startServer({ PENNON_ADMIN_PASSWORD: adminPassword, PENNON_DATABASE_URL: database.url });
    const admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    gameId = await createRunningGame(admin, 'Harbour Cup');
    challengeId = (
      await admin.edit.createChallenge(gameId, {
        title: 'Lighthouse',
        category: 'Misc',
        type: 'StaticAttachment',
      })
    ).id;
    await admin.edit.addFlags(gameId, challengeId, [{ flag: 'flag{lantern}' }]);
    await admin.edit.updateChallenge(gameId, challengeId, { isEnabled: true });
    players = [];
    for (let i = 0; i < teams; i++) {
      const player = createNodeClient({ baseUrl: server.url });
      await player.account.register({ userName: `sailor${i}`, email: `sailor${i}@example.com`, password });
      const team = await player.team.create({ name: `Crew ${i}` });
      await player.game.join(gameId, { teamId: team.id });
      players.push(player);
    }
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('tags every log line of a request with the id its answer shows, never a client-sent one', async () => {
    const res = await fetch(`${server.url}/api/game/987654`, { headers: { 'x-request-id': 'forged' } });
    expect(res.status).toBe(404);
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(uuid);
    await expect
      .poll(() =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes(id))
          .map((line) => JSON.parse(line) as { reqId: string; msg: string }),
      )
      .toEqual([
        expect.objectContaining({ reqId: id, msg: 'incoming request' }),
        expect.objectContaining({ reqId: id, msg: 'request completed' }),
      ]);
    expect(server.output()).not.toContain('forged');
  });

  it('judges every acknowledged submission and lets live clients go on SIGTERM under load', async () => {
    const states: LiveState[] = [];
    const live = await connectGameNotices(
      server.url,
      gameId,
      { notice: () => {}, state: (state) => states.push(state) },
      { mode: 'push' },
    );
    const acknowledged: number[] = [];
    let signalled: Promise<number | null> | undefined;
    const load = players.map(async (player, p) => {
      for (let i = 0; i < perPlayer; i++) {
        // Mostly wrong answers, and the right one now and then: both verdicts are written.
        const flag = i % 10 === p ? 'flag{lantern}' : `flag{guess-${p}-${i}}`;
        try {
          acknowledged.push(await player.game.submit(gameId, challengeId, flag));
        } catch {
          // Refused while closing, or the process is gone: the load is over for this player.
          if (signalled) return;
        }
        if (acknowledged.length >= beforeSignal) signalled ??= server.terminate();
      }
    });
    await Promise.all(load);
    expect(await (signalled ?? server.terminate())).toBe(0);
    // An open live connection held no exit up, and its client was let go to reconnect (to this server once back).
    expect(states).toEqual(['connecting', 'connected', 'reconnecting']);
    await live.stop();
    expect(acknowledged.length).toBeGreaterThanOrEqual(beforeSignal);

    const { db } = connect(database.url);
    try {
      const rows = await db
        .selectFrom('submissions')
        .select(['id', 'status'])
        .where('id', 'in', acknowledged)
        .execute();
      expect(rows).toHaveLength(acknowledged.length);
      expect(rows.filter((row) => row.status === 'FlagSubmitted')).toEqual([]);
      expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['Accepted', 'WrongAnswer']));
    } finally {
      await db.destroy();
    }
  });
});
