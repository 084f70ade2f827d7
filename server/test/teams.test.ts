// Teams as their members see them (§2.9, §4.5): captains, invite codes, kick and leave, the lock, signatures.
import { generateKeyPairSync, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, register, sessionToken } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

interface Player {
  id: string;
  name: string;
  token: string;
}

const signUp = async (app: FastifyInstance, name: string): Promise<Player> => {
  const token = sessionToken(await register(app, name, `${name}@example.com`)) as string;
  const profile = await app.inject({ url: '/api/account/profile', ...asUser(token) });
  return { id: profile.json().userId, name, token };
};

describe.each(databaseKinds())('teams on $name', (kind) => {
  let t: TestApp;
  let alice: Player;
  let bob: Player;
  let carol: Player;
  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await signUp(t.app, 'alice');
    bob = await signUp(t.app, 'bob');
    carol = await signUp(t.app, 'carol');
  });
  afterAll(async () => t?.close());

  let captains = 0;
  /** A fresh captain per test, so the limit of 3 captaincies only bites where a test means it to. */
  const newCaptain = () => signUp(t.app, `cap${++captains}`);

  const call = (
    who: Player | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, ...(payload && { payload }), ...asUser(who?.token) });
  const accept = (who: Player, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/team/accept',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(code),
      ...asUser(who.token),
    });
  const createTeam = async (who: Player, name: string): Promise<number> => {
    const res = await call(who, 'POST', '/api/team', { name, bio: 'we hack' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id;
  };
  const memberNames = async (id: number) =>
    (await call(null, 'GET', `/api/team/${id}`)).json().members.map((m: { userName: string }) => m.userName);

  it('creates a team captained by its creator, readable by anyone', async () => {
    const res = await call(alice, 'POST', '/api/team', { name: 'Harbour', bio: 'we hack' });
    expect(res.statusCode, res.body).toBe(200);
    const team = res.json();
    expect(team).toEqual({
      id: expect.any(Number),
      name: 'Harbour',
      bio: 'we hack',
      avatar: null,
      locked: false,
      members: [{ id: alice.id, userName: 'alice', bio: '', avatar: null, captain: true }],
    });
    expect((await call(null, 'GET', `/api/team/${team.id}`)).json()).toEqual(team);
    expect((await call(alice, 'GET', '/api/team')).json()).toEqual([team]);
    expect((await call(bob, 'GET', '/api/team')).json()).toEqual([]);
  });

  it('answers 404 for a missing team, 400 for an empty name and 401 without a session', async () => {
    expect((await call(null, 'GET', '/api/team/99999')).json()).toMatchObject({ status: 404 });
    expect((await call(alice, 'POST', '/api/team', { name: '' })).statusCode).toBe(400);
    expect((await call(alice, 'POST', '/api/team', { bio: 'x' })).statusCode).toBe(400);
    expect((await call(alice, 'POST', '/api/team', { name: 'x'.repeat(21) })).statusCode).toBe(400);
    expect((await call(null, 'POST', '/api/team', { name: 'Anon' })).statusCode).toBe(401);
  });

  it('refuses a fourth captaincy', async () => {
    await createTeam(carol, 'One');
    await createTeam(carol, 'Two');
    await createTeam(carol, 'Three');
    const res = await call(carol, 'POST', '/api/team', { name: 'Four' });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toMatch(/at most 3/);
  });

  it('lets only the captain update: an empty name keeps it, the bio is replaced', async () => {
    const cap = await newCaptain();
    const id = await createTeam(cap, 'Quay');
    const denied = await call(bob, 'PUT', `/api/team/${id}`, { name: 'Mine' });
    expect(denied.statusCode).toBe(403);
    expect((await call(cap, 'PUT', '/api/team/99999', { name: 'Gone' })).statusCode).toBe(400);
    const res = await call(cap, 'PUT', `/api/team/${id}`, { name: '', bio: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Quay', bio: null });
    expect((await call(cap, 'PUT', `/api/team/${id}`, { name: 'Pier' })).json().name).toBe('Pier');
  });

  it('joins with the invite code; a refreshed code voids the old one', async () => {
    const cap = await newCaptain();
    const id = await createTeam(cap, 'Dock:Side');
    expect((await call(bob, 'GET', `/api/team/${id}/invite`)).statusCode).toBe(403);
    const code: string = (await call(cap, 'GET', `/api/team/${id}/invite`)).json();
    expect(code).toMatch(new RegExp(`^Dock:Side:${id}:[0-9a-f]{32}$`));

    expect((await accept(bob, code)).statusCode).toBe(200);
    expect(await memberNames(id)).toEqual([cap.name, 'bob']);
    expect((await accept(bob, code)).statusCode).toBe(400); // already a member

    const fresh: string = (await call(cap, 'PUT', `/api/team/${id}/invite`)).json();
    expect(fresh).not.toBe(code);
    expect((await accept(carol, code)).statusCode).toBe(400);
    expect((await accept(carol, `x:${id}:not-a-token`)).statusCode).toBe(400);
    expect((await accept(carol, `x:99999:${'a'.repeat(32)}`)).statusCode).toBe(400);
    expect((await accept(carol, fresh)).statusCode).toBe(200);
    expect(await memberNames(id)).toEqual([cap.name, 'bob', 'carol']);
    expect((await call(carol, 'GET', '/api/team')).json().map((team: { id: number }) => team.id)).toContain(
      id,
    );
  });

  it('kicks members and lets them leave, but not the captain', async () => {
    const cap = await newCaptain();
    const id = await createTeam(cap, 'Berth');
    const code: string = (await call(cap, 'GET', `/api/team/${id}/invite`)).json();
    await accept(bob, code);
    await accept(carol, code);

    expect((await call(bob, 'POST', `/api/team/${id}/kick/${carol.id}`)).statusCode).toBe(403);
    const kicked = await call(cap, 'POST', `/api/team/${id}/kick/${carol.id}`);
    expect(kicked.statusCode, kicked.body).toBe(200);
    expect(kicked.json().members.map((m: { userName: string }) => m.userName)).toEqual([cap.name, 'bob']);
    expect((await call(cap, 'POST', `/api/team/${id}/kick/${carol.id}`)).statusCode).toBe(400);

    expect((await call(carol, 'POST', `/api/team/${id}/leave`)).statusCode).toBe(400);
    expect((await call(cap, 'POST', `/api/team/${id}/leave`)).statusCode).toBe(400);
    expect((await call(bob, 'POST', '/api/team/99999/leave')).json()).toMatchObject({ status: 404 });
    expect((await call(bob, 'POST', `/api/team/${id}/leave`)).statusCode).toBe(200);
    expect(await memberNames(id)).toEqual([cap.name]);
  });

  it('transfers the captaincy to a member', async () => {
    const id = await createTeam(alice, 'Wharf');
    expect((await call(alice, 'PUT', `/api/team/${id}/transfer`, { newCaptainId: bob.id })).statusCode).toBe(
      400,
    );
    await accept(bob, (await call(alice, 'GET', `/api/team/${id}/invite`)).json());
    expect((await call(bob, 'PUT', `/api/team/${id}/transfer`, { newCaptainId: bob.id })).statusCode).toBe(
      403,
    );
    const res = await call(alice, 'PUT', `/api/team/${id}/transfer`, { newCaptainId: bob.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().members).toEqual([
      expect.objectContaining({ userName: 'bob', captain: true }),
      expect.objectContaining({ userName: 'alice', captain: false }),
    ]);
    expect((await call(alice, 'PUT', `/api/team/${id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(alice, 'POST', `/api/team/${id}/leave`)).statusCode).toBe(200);
  });

  it('refuses to hand a captaincy to someone who already has three', async () => {
    const cap = await newCaptain();
    const id = await createTeam(cap, 'Jetty');
    await accept(carol, (await call(cap, 'GET', `/api/team/${id}/invite`)).json());
    const res = await call(cap, 'PUT', `/api/team/${id}/transfer`, { newCaptainId: carol.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().title).toMatch(/at most 3/);
  });

  /** Locks a team into a game ending at `end`, as an accepted participation does. */
  const lockInGame = async (teamId: number, end: number) => {
    const db = t.connection.db;
    const settings = { summary: '', content: '', hidden: 0, practice_mode: 0, accept_without_review: 1 };
    const { id: gameId } = await db
      .insertInto('games')
      .values({
        ...settings,
        title: 'Lock',
        invite_code: null,
        start_time: 0,
        end_time: end,
        team_member_count_limit: 0,
        container_count_limit: 3,
        public_key: '',
        private_key: '',
        writeup_required: 0,
        writeup_deadline: 0,
        writeup_note: '',
        blood_bonus: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('participations')
      .values({ game_id: gameId, team_id: teamId, status: 'Accepted', division_id: null, token: '' })
      .execute();
    await db.updateTable('teams').set({ locked: 1 }).where('id', '=', teamId).execute();
  };

  it('keeps a locked team together: no kick, no leave, no delete', async () => {
    const cap = await newCaptain();
    const id = await createTeam(cap, 'Locked');
    await accept(alice, (await call(cap, 'GET', `/api/team/${id}/invite`)).json());
    await lockInGame(id, Date.now() + 3_600_000);
    expect((await call(cap, 'POST', `/api/team/${id}/kick/${alice.id}`)).json().title).toMatch(/locked/);
    expect((await call(alice, 'POST', `/api/team/${id}/leave`)).statusCode).toBe(400);
    expect((await call(cap, 'DELETE', `/api/team/${id}`)).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/team/${id}`)).json()).toMatchObject({ locked: true });
    expect(await memberNames(id)).toEqual([cap.name, 'alice']);
  });

  it('unlocks a team by itself once its games have ended', async () => {
    const cap = await newCaptain();
    const id = await createTeam(cap, 'Finished');
    await accept(alice, (await call(cap, 'GET', `/api/team/${id}/invite`)).json());
    await lockInGame(id, Date.now() - 1000);
    expect((await call(null, 'GET', `/api/team/${id}`)).json()).toMatchObject({ locked: true });
    expect((await call(cap, 'POST', `/api/team/${id}/kick/${alice.id}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/team/${id}`)).json()).toMatchObject({ locked: false });
  });

  it('deletes a team for its captain only', async () => {
    const cap = await newCaptain();
    const id = await createTeam(cap, 'Gone');
    expect((await call(bob, 'DELETE', `/api/team/${id}`)).statusCode).toBe(403);
    expect((await call(cap, 'DELETE', `/api/team/${id}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/team/${id}`)).statusCode).toBe(404);
    expect((await call(cap, 'DELETE', `/api/team/${id}`)).json()).toMatchObject({ status: 404 });
  });

  it('verifies participation tokens signed with a game key', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const rawKey = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString(
      'base64',
    );
    const tokenFor = (teamId: number) =>
      `${teamId}:${sign(null, Buffer.from(`GZCTF_TEAM_${teamId}`), privateKey).toString('base64')}`;
    const verify = (teamToken: string, key = rawKey) =>
      call(null, 'POST', '/api/team/verify', { teamToken, publicKey: key });

    expect((await verify(tokenFor(7))).statusCode).toBe(200);
    const forged = await verify(`8:${tokenFor(7).split(':')[1]}`);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ status: 401 });
    expect((await verify(tokenFor(7), Buffer.alloc(16).toString('base64'))).statusCode).toBe(400);
    expect((await verify('seven:abc')).statusCode).toBe(400);
  });
});
