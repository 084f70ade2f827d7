// Migration 0020 gives the solves recorded before it the bloods they took: the first three of each challenge in submit
// order, leaving out solves that may take none (a challenge without blood bonus, a division denied its bloods). Solves
// recorded by the judge, the database taken back to before the migration and forward again: the backfill must hand
// out the bloods the judge did.
import { GamePermission } from '@pennon/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migratorOf } from '../../src/db/database.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { gameBody, gameClient, type Player, signInAdmin, verdictOn } from './helpers.ts';

/** Every permission but review: the teams of both divisions play as soon as they join. */
const playing = GamePermission.All & ~GamePermission.RequireReview;

describe.each(databaseKinds())('the bloods migration 0020 backfills on $name', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  /** Each solve as `challenge player blood`, by challenge and then submit order. */
  const bloods = async () =>
    (
      await t.connection.db
        .selectFrom('solves as s')
        .innerJoin('challenges as c', 'c.id', 's.challenge_id')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['c.title', 'u.user_name', 's.blood'])
        .orderBy('c.title')
        .orderBy('s.submission_id')
        .execute()
    ).map((r) => `${r.title} ${r.user_name} ${r.blood}`);

  it('gives the solves recorded before it the bloods the judge gave them', async () => {
    const admin = await signInAdmin(t.app, t.connection.db);
    const c = gameClient(t.app);
    const gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    const edit = (path: string) => `/api/edit/games/${gameId}${path}`;
    const ids: Record<string, number> = {};
    for (const [title, disableBloodBonus] of [
      ['Anchor', false],
      ['Buoy', true],
      ['Reef', false],
    ] as const) {
      const { id } = await c.ok(admin, 'POST', edit('/challenges'), {
        title,
        type: 'StaticAttachment',
        category: 'Misc',
      });
      ids[title] = id;
      await c.ok(admin, 'POST', edit(`/challenges/${id}/flags`), [{ flag: `flag{${title}}` }]);
      await c.ok(admin, 'PUT', edit(`/challenges/${id}`), { isEnabled: true, disableBloodBonus });
    }
    const open = (
      await c.ok(admin, 'POST', edit('/divisions'), { name: 'Open', defaultPermissions: playing })
    ).id;
    const quiet = (
      await c.ok(admin, 'POST', edit('/divisions'), {
        name: 'Quiet',
        defaultPermissions: playing,
        challengeConfigs: [{ challengeId: ids.Reef, permissions: playing & ~GamePermission.GetBlood }],
      })
    ).id;
    const players: Record<string, Player> = {};
    for (const name of ['ann', 'ben', 'cat', 'dan', 'eve']) {
      const player = await c.signUp(name);
      await c.ok(player.token, 'POST', `/api/game/${gameId}`, {
        teamId: await c.createTeam(player, `team-${name}`),
        divisionId: name === 'eve' ? quiet : open,
      });
      players[name] = player;
    }
    const solve = async (name: string, title: string) =>
      expect(
        await verdictOn(
          t.app,
          players[name] as Player,
          `/api/game/${gameId}/challenges/${ids[title]}`,
          `flag{${title}}`,
        ),
      ).toBe('Accepted');
    for (const name of ['ann', 'ben', 'cat', 'dan']) await solve(name, 'Anchor');
    await solve('ann', 'Buoy');
    for (const name of ['eve', 'ann', 'ben']) await solve(name, 'Reef');

    const judged = await bloods();
    expect(judged).toEqual([
      'Anchor ann 1',
      'Anchor ben 2',
      'Anchor cat 3',
      'Anchor dan null',
      'Buoy ann null',
      'Reef eve null',
      'Reef ann 1',
      'Reef ben 2',
    ]);
    // Before the migration (its column gone), then forward: the backfill fills it again.
    expect((await migratorOf(t.connection.db).migrateTo('0019_team_names')).error).toBeUndefined();
    await migrate(t.connection.db);
    expect(await bloods()).toEqual(judged);
  });
});
