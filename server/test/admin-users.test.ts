// What an admin does to users and teams (§2.2): lists, batch import with teams, search, edits, resets, deletes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../src/services/admin-seed.ts';
import { asUser, login, register, sessionToken, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

const entry = (userName: string, extra: Record<string, unknown> = {}) => ({
  userName,
  email: `${userName}@example.com`,
  password: 'Import123',
  ...extra,
});

describe.each(databaseKinds())('admin users and teams on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedAdmin(t.connection.db, { password: 'Harbour2024', announce: () => {} });
    admin = await signedIn(t.app, 'admin', 'Harbour2024');
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as object }),
      ...asUser(admin),
    });
  const importUsers = (entries: object[]) => call('POST', '/api/admin/users', entries);
  const userNamed = async (name: string) =>
    (await call('POST', `/api/admin/users/search?hint=${name}`))
      .json()
      .data.find((user: { userName: string }) => user.userName === name);
  const teamNamed = async (name: string) =>
    (await call('POST', `/api/admin/teams/search?hint=${name}`))
      .json()
      .data.find((team: { name: string }) => team.name === name);

  it('keeps users away from admin routes', async () => {
    const user = sessionToken(await register(t.app, 'player', 'player@example.com'));
    expect((await t.app.inject({ url: '/api/admin/users', ...asUser(user) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/teams' })).statusCode).toBe(401);
  });

  it('imports users who can sign in, grouping a team under the first listed', async () => {
    const res = await importUsers([
      entry('lead', { teamName: 'Reef', realName: 'Lea Lead' }),
      entry('mate', { teamName: 'Reef', stdNumber: 'S-42' }),
      entry('solo'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    await signedIn(t.app, 'mate', 'Import123');
    expect(await userNamed('lead')).toMatchObject({
      realName: 'Lea Lead',
      emailConfirmed: true,
      role: 'User',
    });
    expect((await teamNamed('Reef')).members).toEqual([
      expect.objectContaining({ userName: 'lead', captain: true }),
      expect.objectContaining({ userName: 'mate', captain: false }),
    ]);
  });

  it('updates an existing user of the same name and resets the password, ending old sessions', async () => {
    const old = await signedIn(t.app, 'mate', 'Import123');
    expect(
      (await importUsers([entry('mate', { password: 'Renewed99', realName: 'Mo Mate' })])).statusCode,
    ).toBe(200);
    expect((await login(t.app, 'mate', 'Import123')).statusCode).toBe(401);
    await signedIn(t.app, 'mate', 'Renewed99');
    expect((await t.app.inject({ url: '/api/account/profile', ...asUser(old) })).statusCode).toBe(401);
    expect(await userNamed('mate')).toMatchObject({ realName: 'Mo Mate', stdNumber: 'S-42' });
  });

  it('rolls the whole batch back on the first bad entry', async () => {
    const weak = await importUsers([
      entry('first1', { teamName: 'Tide' }),
      entry('weak1', { password: 'abc' }),
    ]);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().title).toMatch(/weak1/);
    // `lead` with the e-mail of `mate`: two accounts can't become one, and the team made before must go too.
    const clash = await importUsers([
      entry('first2', { teamName: 'Tide' }),
      entry('lead', { email: 'mate@example.com' }),
    ]);
    expect(clash.statusCode).toBe(400);
    expect(await userNamed('first1')).toBeUndefined();
    expect(await userNamed('first2')).toBeUndefined();
    expect(await teamNamed('Tide')).toBeUndefined();
    expect((await importUsers([entry('x')])).statusCode).toBe(400); // user name too short
  });

  it('pages users in registration order with the total', async () => {
    const all = (await call('GET', '/api/admin/users')).json();
    expect(all.total).toBe(all.length);
    expect(all.data.map((u: { userName: string }) => u.userName).slice(0, 2)).toEqual(['admin', 'player']);
    const page = (await call('GET', '/api/admin/users?count=2&skip=1')).json();
    expect(page).toMatchObject({ length: 2, total: all.total });
    expect(page.data).toEqual(all.data.slice(1, 3));
    expect((await call('GET', '/api/admin/users?count=501')).statusCode).toBe(400);
  });

  it('searches users case-insensitively over their fields', async () => {
    const names = async (hint: string) =>
      (await call('POST', `/api/admin/users/search?hint=${encodeURIComponent(hint)}`))
        .json()
        .data.map((u: { userName: string }) => u.userName);
    expect(await names('LEA')).toEqual(['lead']);
    expect(await names('s-4')).toEqual(['mate']);
    expect(await names('@example.com')).toEqual(['player', 'lead', 'mate', 'solo']);
    expect(await names('%')).toEqual([]);
    const { id } = await userNamed('solo');
    expect(await names(id.slice(0, 8))).toEqual(['solo']);
  });

  it('shows and edits a user; null fields stay, a ban takes effect at once', async () => {
    const token = await signedIn(t.app, 'solo', 'Import123');
    const { id } = await userNamed('solo');
    expect((await call('GET', `/api/admin/users/${id}`)).json()).toMatchObject({
      userId: id,
      userName: 'solo',
    });
    expect((await call('GET', `/api/admin/users/${crypto.randomUUID()}`)).json()).toMatchObject({
      status: 404,
    });

    expect((await call('PUT', `/api/admin/users/${id}`, { bio: 'hi', realName: null })).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/users/${id}`, { userName: 'lead' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/admin/users/${id}`, { role: 'Banned' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/account/profile', ...asUser(token) })).statusCode).toBe(403);
    expect(await userNamed('solo')).toMatchObject({ bio: 'hi', role: 'Banned', email: 'solo@example.com' });
    await call('PUT', `/api/admin/users/${id}`, { role: 'User' });
  });

  it('resets a password to a random one that signs in, ending old sessions', async () => {
    const old = await signedIn(t.app, 'solo', 'Import123');
    const { id } = await userNamed('solo');
    const res = await call('DELETE', `/api/admin/users/${id}/password`);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const password: string = res.json();
    expect(password).toHaveLength(16);
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[!@#$%^&*()\-_=+])/);
    await signedIn(t.app, 'solo', password);
    expect((await t.app.inject({ url: '/api/account/profile', ...asUser(old) })).statusCode).toBe(401);
  });

  it('deletes users, but not yourself nor a captain', async () => {
    const self = (await t.app.inject({ url: '/api/account/profile', ...asUser(admin) })).json().userId;
    expect((await call('DELETE', `/api/admin/users/${self}`)).statusCode).toBe(400);
    const lead = await userNamed('lead');
    expect((await call('DELETE', `/api/admin/users/${lead.id}`)).json().title).toMatch(/captain/);
    const mate = await userNamed('mate');
    expect((await call('DELETE', `/api/admin/users/${mate.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/users/${mate.id}`)).statusCode).toBe(404);
    expect((await teamNamed('Reef')).members.map((m: { userName: string }) => m.userName)).toEqual(['lead']);
  });

  it('lists, finds, edits and deletes teams', async () => {
    await importUsers([entry('ebb', { teamName: 'Ebb' }), entry('flow', { teamName: 'Flow' })]);
    const all = (await call('GET', '/api/admin/teams')).json();
    expect(all).toMatchObject({ length: 3, total: 3 });
    expect(all.data.map((team: { name: string }) => team.name)).toEqual(['Reef', 'Ebb', 'Flow']);
    expect((await call('GET', '/api/admin/teams?count=1&skip=1')).json()).toMatchObject({
      data: [{ name: 'Ebb' }],
      length: 1,
      total: 3,
    });
    const ebb = await teamNamed('Ebb');
    const partial = (await call('POST', '/api/admin/teams/search?hint=EB')).json();
    expect(partial).toEqual({ data: [ebb], length: 1, total: 1 });
    expect((await call('POST', `/api/admin/teams/search?hint=${ebb.id}`)).json().data).toContainEqual(ebb);

    expect((await call('PUT', `/api/admin/teams/${ebb.id}`, { name: '', locked: true })).statusCode).toBe(
      200,
    );
    expect(await teamNamed('Ebb')).toMatchObject({ name: 'Ebb', locked: true });
    expect((await call('PUT', '/api/admin/teams/99999', { name: 'Nope' })).json()).toMatchObject({
      status: 400,
    });

    expect((await call('DELETE', `/api/admin/teams/${ebb.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/teams/${ebb.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/team/${ebb.id}` })).statusCode).toBe(404);
  });
});
