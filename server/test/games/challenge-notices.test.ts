// §4.11 NewChallenge / NewHint notices from challenge updates, and what a game's deletion releases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import { multipart } from '../support/multipart.ts';
import { gameBody, gameClient, type Method, signInAdmin } from './helpers.ts';

const hour = 3_600_000;

describe.each(databaseKinds())('challenge notices and game deletion on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  const adminOk = (method: Method, url: string, payload?: unknown) => c.ok(admin, method, url, payload);

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
  });
  afterAll(async () => t?.close());

  const challengeWithFlag = async (gameId: number, title: string) => {
    const base = `/api/edit/games/${gameId}/challenges`;
    const { id } = await adminOk('POST', base, { title, type: 'StaticAttachment', category: 'Misc' });
    await adminOk('POST', `${base}/${id}/flags`, [{ flag: 'flag{x}' }]);
    return (body: object) => adminOk('PUT', `${base}/${id}`, body);
  };
  const systemNotices = async (gameId: number) =>
    ((await adminOk('GET', `/api/game/${gameId}/notices`)) as { type: string; values: string[] }[])
      .filter((n) => n.type !== 'Normal')
      .map((n) => `${n.type}:${n.values.join(',')}`)
      .sort();

  it('announces enabling (every time) and changed hints while the game is active', async () => {
    const { id: gameId } = await adminOk('POST', '/api/edit/games', gameBody());
    const update = await challengeWithFlag(gameId, 'Lighthouse');
    await update({ hints: ['look up'] }); // not enabled: no hint notice
    expect(await systemNotices(gameId)).toEqual([]);
    await update({ isEnabled: true });
    await update({ isEnabled: true, title: 'Beacon' });
    expect(await systemNotices(gameId)).toEqual(['NewChallenge:Beacon', 'NewChallenge:Lighthouse']);
    await update({ hints: ['look up'] }); // same set
    await update({ content: 'changed' });
    expect(await systemNotices(gameId)).toHaveLength(2);
    await update({ hints: ['look up', 'look down'] });
    expect(await systemNotices(gameId)).toEqual([
      'NewChallenge:Beacon',
      'NewChallenge:Lighthouse',
      'NewHint:Beacon',
    ]);
  });

  it('stays quiet while the game has not started or has ended', async () => {
    for (const [start, end] of [
      [Date.now() + hour, Date.now() + 2 * hour],
      [Date.now() - 2 * hour, Date.now() - hour],
    ]) {
      const { id: gameId } = await adminOk('POST', '/api/edit/games', gameBody({ start, end }));
      const update = await challengeWithFlag(gameId, 'Quiet');
      await update({ isEnabled: true, hints: ['a'] });
      await update({ hints: ['b'] });
      // Move the game into its active time to read the notices.
      await adminOk('PUT', `/api/edit/games/${gameId}`, gameBody());
      expect(await systemNotices(gameId)).toEqual([]);
    }
  });

  it("releases the game's writeup files when the game is deleted", async () => {
    const { id: gameId } = await adminOk(
      'POST',
      '/api/edit/games',
      gameBody({ acceptWithoutReview: true, writeupRequired: true, writeupDeadline: Date.now() + hour }),
    );
    const player = await c.signUp('wren');
    const teamId = await c.createTeam(player, 'quill');
    await c.ok(player.token, 'POST', `/api/game/${gameId}`, { teamId });
    const form = multipart([
      { field: 'file', name: 'w.pdf', data: '%PDF-1.4 writeup of quill', type: 'application/pdf' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/game/${gameId}/writeup`,
      ...form,
      ...asUser(player.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { file_hash: hash } = await t.connection.db
      .selectFrom('writeups')
      .select('file_hash')
      .where('game_id', '=', gameId)
      .executeTakeFirstOrThrow();
    const stored = () =>
      t.connection.db.selectFrom('files').select('ref_count').where('hash', '=', hash).executeTakeFirst();
    expect((await stored())?.ref_count).toBe(1);
    await adminOk('DELETE', `/api/edit/games/${gameId}`);
    expect(await stored()).toBeUndefined();
  });
});
