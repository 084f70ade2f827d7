// §2.1 / §4.14: sign-up policy, sign-in, sessions and the caller's profile, on every database.
import { ProfileUserInfoModel } from '@pennon/sdk/contract';
import { sql } from 'kysely';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigStore } from '../src/services/config-store.ts';
import { asUser, login, register, sessionToken, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

describe.each(databaseKinds())('accounts on $name', (kind) => {
  let t: TestApp;
  let config: ConfigStore;
  beforeAll(async () => {
    // Behind a reverse proxy, as in production over https: X-Forwarded-* are trusted.
    t = await startTestApp(kind, { PENNON_TRUST_PROXY: '1' });
    config = new ConfigStore(t.connection.db, 'Default');
  });
  afterAll(async () => t?.close());

  const setPolicy = async (change: Partial<Awaited<ReturnType<ConfigStore['read']>>['accountPolicy']>) => {
    const { accountPolicy } = await config.read();
    await config.update({ accountPolicy: { ...accountPolicy, ...change } });
  };
  const profile = (token: string | undefined) =>
    t.app.inject({ url: '/api/account/profile', ...asUser(token) });

  it('registers, signs in with a cookie and shows the profile', async () => {
    const res = await register(t.app, 'alice', 'alice@example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: 'LoggedIn', status: 200, title: expect.any(String) });
    const cookie = res.cookies.find((c) => c.name === 'GZCTF_Token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const days = ((cookie?.expires?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const me = await profile(cookie?.value);
    expect(me.statusCode).toBe(200);
    expect(Value.Check(ProfileUserInfoModel, me.json())).toBe(true);
    expect(me.json()).toMatchObject({
      userName: 'alice',
      email: 'alice@example.com',
      role: 'User',
      avatar: null,
    });
  });

  it('keeps only the hash of the token in the database', async () => {
    const token = sessionToken(await register(t.app, 'tokenhash', 'tokenhash@example.com')) as string;
    const ids = (await t.connection.db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
    expect(ids.some((id) => id.includes(token))).toBe(false);
    expect(ids.every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);
  });

  it('marks the cookie Secure, and names it __Host-, behind an https proxy', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { userName: 'secure', email: 'secure@example.com', password: 'Secret123' },
    });
    expect(res.cookies.find((c) => c.name === '__Host-GZCTF_Token')?.secure).toBe(true);
    expect(res.cookies.find((c) => c.name === 'GZCTF_Token')).toBeUndefined();
  });

  it('refuses to register when registration is closed', async () => {
    await setPolicy({ allowRegister: false });
    try {
      const res = await register(t.app, 'closed', 'closed@example.com');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ title: 'Registration is closed', status: 400 });
    } finally {
      await setPolicy({ allowRegister: true });
    }
  });

  it('accepts only the listed e-mail domains', async () => {
    await setPolicy({ emailDomainList: 'uni.example, lab.example' });
    try {
      const refused = await register(t.app, 'outsider', 'outsider@other.example');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().title).toMatch(/uni\.example/);
      const accepted = await register(t.app, 'insider', 'insider@lab.example');
      expect(accepted.statusCode, accepted.body).toBe(200);
    } finally {
      await setPolicy({ emailDomainList: '' });
    }
  });

  it('waits for an administrator when accounts are not active on registration', async () => {
    await setPolicy({ activeOnRegister: false });
    try {
      const res = await register(t.app, 'waiting', 'waiting@example.com');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: 'AdminConfirmationRequired', status: 200 });
      expect(sessionToken(res)).toBeUndefined();
      const res2 = await login(t.app, 'waiting', 'Secret123');
      expect(res2.statusCode).toBe(401);
      expect(res2.json()).toEqual({ title: 'This account is not activated yet', status: 401 });
    } finally {
      await setPolicy({ activeOnRegister: true });
    }
  });

  it('refuses a user name taken in another letter case, and a taken e-mail', async () => {
    expect((await register(t.app, 'Bob', 'bob@example.com')).statusCode).toBe(200);
    const sameName = await register(t.app, 'BOB', 'bob2@example.com');
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json()).toEqual({ title: 'The user name "BOB" is already taken', status: 400 });
    const sameMail = await register(t.app, 'bobby', 'BOB@example.com');
    expect(sameMail.statusCode).toBe(400);
    expect(sameMail.json().title).toMatch(/e-mail address already exists/);
  });

  it('names every missing rule of a weak password', async () => {
    const res = await register(t.app, 'weak', 'weak@example.com', 'abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      title: 'The password needs at least 6 characters, a digit, and an upper-case letter',
      status: 400,
    });
    const noSymbolNeeded = await register(t.app, 'strong', 'strong@example.com', 'Abcdef1');
    expect(noSymbolNeeded.statusCode).toBe(200);
  });

  it('signs in by user name (any case) or by e-mail', async () => {
    await register(t.app, 'carol', 'carol@example.com');
    for (const name of ['carol', 'CAROL', 'carol@example.com', 'Carol@Example.com']) {
      const res = await login(t.app, name, 'Secret123');
      expect(res.statusCode, name).toBe(200);
      expect(res.body).toBe('');
      expect((await profile(sessionToken(res))).json().userName).toBe('carol');
    }
  });

  it('answers 401 for a wrong password or an unknown user, 400 for an empty password', async () => {
    const wrong = await login(t.app, 'carol', 'Secret124');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ title: 'The user name or password is incorrect', status: 401 });
    expect((await login(t.app, 'nobody', 'Secret123')).statusCode).toBe(401);
    const empty = await login(t.app, 'carol', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().status).toBe(400);
  });

  it('refuses a banned user at login (401) and on the routes of an existing session (403)', async () => {
    const token = sessionToken(await register(t.app, 'dave', 'dave@example.com'));
    await t.connection.db
      .updateTable('users')
      .set({ role: 'Banned' })
      .where('user_name', '=', 'dave')
      .execute();
    const res = await login(t.app, 'dave', 'Secret123');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ title: 'This account is banned', status: 401 });
    const me = await profile(token);
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ status: 403 });
  });

  it('answers 401 to a caller without a session, or with an unknown token', async () => {
    for (const token of [undefined, 'forged-token']) {
      const res = await profile(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401 });
    }
  });

  it('revokes the session at logout', async () => {
    const token = await signedIn(t.app, 'carol', 'Secret123');
    const res = await t.app.inject({ method: 'POST', url: '/api/account/logout', ...asUser(token) });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'GZCTF_Token')?.value).toBe('');
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('signs out the previous session when signing in again', async () => {
    const first = await signedIn(t.app, 'carol', 'Secret123');
    const second = sessionToken(
      await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { userName: 'carol', password: 'Secret123' },
        ...asUser(first),
      }),
    );
    expect(second).not.toBe(first);
    expect((await profile(first)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(200);
  });

  it('keeps sessions across a server restart', async () => {
    const token = await signedIn(t.app, 'carol', 'Secret123');
    const restarted = await t.reopen();
    const res = await restarted.inject({ url: '/api/account/profile', ...asUser(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().userName).toBe('carol');
  });

  it('updates the profile, keeping null fields and refusing a taken name', async () => {
    const token = sessionToken(await register(t.app, 'erin', 'erin@example.com'));
    const update = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/account/update', payload, ...asUser(token) });
    expect((await update({ bio: 'pwn', realName: 'Erin E.', phone: '+1 555 0100' })).statusCode).toBe(200);
    expect((await update({ userName: 'Erin2', bio: null })).statusCode).toBe(200);
    expect((await profile(token)).json()).toMatchObject({
      userName: 'Erin2',
      bio: 'pwn',
      realName: 'Erin E.',
      phone: '+1 555 0100',
      stdNumber: '',
    });
    const taken = await update({ userName: 'ALICE' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ title: 'The user name "ALICE" is already taken', status: 400 });
    expect((await update({ userName: 'erin2' })).statusCode).toBe(200);
  });

  it('changes the password, checking the old one and signing out other devices', async () => {
    const token = sessionToken(await register(t.app, 'frank', 'frank@example.com'));
    const other = await signedIn(t.app, 'frank', 'Secret123');
    const change = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/account/changepassword', payload, ...asUser(token) });

    const wrongOld = await change({ old: 'Secret999', new: 'Better456' });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toEqual({ title: 'The current password is incorrect', status: 400 });
    const weak = await change({ old: 'Secret123', new: 'better456' });
    expect(weak.json()).toEqual({ title: 'The password needs an upper-case letter', status: 400 });

    expect((await change({ old: 'Secret123', new: 'Better456' })).statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await login(t.app, 'frank', 'Secret123')).statusCode).toBe(401);
    expect((await login(t.app, 'frank', 'Better456')).statusCode).toBe(200);
  });

  it('leaves no user behind when its session cannot be written, so the name stays free', async () => {
    // A real failure after the user's insert: the database refuses the session of this one user.
    const refuse =
      kind.name === 'sqlite'
        ? [
            sql`create trigger refuse_session before insert on sessions
                when (select user_name from users where id = new.user_id) = 'doomed'
                begin select raise(abort, 'refused'); end`,
          ]
        : [
            sql`create function refuse_session() returns trigger language plpgsql as $$
                begin
                  if (select user_name from users where id = new.user_id) = 'doomed' then
                    raise exception 'refused';
                  end if;
                  return new;
                end $$`,
            sql`create trigger refuse_session before insert on sessions
                for each row execute function refuse_session()`,
          ];
    for (const statement of refuse) await statement.execute(t.connection.db);
    try {
      const res = await register(t.app, 'doomed', 'doomed@example.com');
      expect(res.statusCode).toBe(500);
      expect(sessionToken(res)).toBeUndefined();
      const rows = await t.connection.db
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', 'doomed')
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await sql`drop trigger refuse_session${sql.raw(kind.name === 'sqlite' ? '' : ' on sessions')}`.execute(
        t.connection.db,
      );
    }
    const again = await register(t.app, 'doomed', 'doomed@example.com');
    expect(again.statusCode, again.body).toBe(200);
    expect(sessionToken(again)).toBeDefined();
  });

  it('authorizes before validating the body', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/account/update', payload: { userName: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});
