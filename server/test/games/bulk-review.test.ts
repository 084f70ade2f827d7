// A bulk review is one request: an organiser accepts 300 waiting teams at once within the per-user rate limit (the
// one-at-a-time route runs out of it at 150 a minute), each team's review logged on its own, each keeping its
// division, a refusal listed without stopping the rest.
import type { PennonClient } from '@pennon/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.ts';
import { failure, type SdkServer, startSdkServer } from '../support/sdk.ts';

const teamCount = 300;

describe.each(databaseKinds())('bulk review on $name', (kind) => {
  let s: SdkServer;
  let admin: PennonClient;
  let gameId = 0;
  let divisionId = 0;
  let ids: number[] = [];

  beforeAll(async () => {
    // The shipped rate limits, loopback included.
    s = await startSdkServer(kind, { PENNON_RATE_LIMIT_EXEMPT: '' });
    admin = await s.admin();
    ({ id: gameId } = await admin.edit.createGame({
      title: 'Crowded CTF',
      start: Date.now() - 3_600_000,
      end: Date.now() + 3_600_000,
    }));
    ({ id: divisionId } = await admin.edit.createDivision(gameId, { name: 'Students' }));
    // 300 waiting teams, written straight to the database: signing 300 players up through the API would spend the
    // minutes of their password hashes, and their sign-ins from one address the address's budget.
    const { userId } = await admin.account.profile();
    const db = s.t.connection.db;
    const teams = await db
      .insertInto('teams')
      .values(
        Array.from({ length: teamCount }, (_, i) => ({
          name: `Crowd ${i}`,
          normalized_name: `CROWD ${i}`,
          bio: null,
          avatar_hash: null,
          invite_token: '0'.repeat(32),
          captain_id: userId as string,
        })),
      )
      .returning('id')
      .execute();
    ids = (
      await db
        .insertInto('participations')
        .values(
          teams.map((team, i) => ({
            game_id: gameId,
            team_id: team.id,
            status: 'Pending',
            division_id: i % 2 === 0 ? divisionId : null,
            token: `token-${team.id}`,
          })),
        )
        .returning('id')
        .execute()
    ).map((row) => row.id);
  }, 120_000);
  afterAll(async () => s?.close());

  // Before the 300, whose one-at-a-time part spends the admin's budget.
  it('refuses an empty or unknown review with a 400 envelope', async () => {
    for (const body of [
      { ids: [], status: 'Accepted' },
      { ids: [ids[0] ?? 1], status: 'Approved' },
    ]) {
      const error = await failure(admin.admin.reviewParticipations(body as never));
      expect(error).toMatchObject({ kind: 'bad-request', status: 400, code: 400, title: expect.any(String) });
    }
  });

  it('accepts 300 teams in one request, logging each and keeping their divisions', async () => {
    const missing = Math.max(...ids) + 1000;
    // Seconds on a loaded PostgreSQL: the web client sends its reviews 50 at a time; this sends all 300 at once.
    const result = await admin.admin.reviewParticipations(
      { ids: [...ids, missing], status: 'Accepted' },
      { timeout: 120_000 },
    );
    expect(result.failed).toEqual([{ id: missing, title: 'Participation not found', status: 404 }]);

    const list = await admin.game.participations(gameId);
    expect(list).toHaveLength(teamCount);
    expect(list.filter((p) => p.status === 'Accepted')).toHaveLength(teamCount);
    expect(list.filter((p) => p.divisionId === divisionId)).toHaveLength(teamCount / 2);
    // Accepted teams are locked, as after a review one by one.
    expect(list.every((p) => p.team.locked)).toBe(true);

    const logged = (await admin.admin.logs({ count: 1000 }))
      .map((entry) => entry.msg)
      .filter((msg) => msg?.startsWith('Reviewed participation #'));
    expect(logged.sort()).toEqual(ids.map((id) => `Reviewed participation #${id}`).sort());

    // The same review one team at a time runs out of the admin's budget long before the 300th.
    const refused = await (async () => {
      for (const id of ids) {
        const error = await admin.admin
          .updateParticipation(id, { status: 'Accepted', divisionId: null })
          .then(
            () => null,
            (err: unknown) => err,
          );
        if (error) return error;
      }
      return null;
    })();
    expect(refused).toMatchObject({ status: 429 });
  }, 120_000);
});
