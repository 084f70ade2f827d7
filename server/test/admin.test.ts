// First-start admin seeding, the role guard on admin routes, and the configuration they edit (§2.2, §4.15).
import { ConfigEditModel } from '@pennon/sdk/contract';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../src/services/admin-seed.ts';
import { passwordProblem } from '../src/services/passwords.ts';
import { asUser, login, register, sessionToken, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

describe.each(databaseKinds())('admin on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const admins = () => t.connection.db.selectFrom('users').selectAll().where('role', '=', 'Admin').execute();

  it('creates one admin with PENNON_ADMIN_PASSWORD on first start, and nothing on the next', async () => {
    const lines: string[] = [];
    const announce = (line: string) => lines.push(line);
    expect(await seedAdmin(t.connection.db, { password: 'Harbour2024', announce })).toBe(true);
    expect(lines).toEqual(['Admin account created: admin / (the password of PENNON_ADMIN_PASSWORD)']);
    expect(await seedAdmin(t.connection.db, { password: 'Harbour2024', announce })).toBe(false);
    expect(await seedAdmin(t.connection.db, { announce })).toBe(false);
    expect(lines).toHaveLength(1);
    expect(await admins()).toMatchObject([
      { user_name: 'admin', email: 'admin@pennon.invalid', email_confirmed: 1 },
    ]);
    admin = await signedIn(t.app, 'admin', 'Harbour2024');
  });

  it('answers 401 to anonymous callers and 403 to users on admin routes', async () => {
    expect((await t.app.inject('/api/admin/config')).statusCode).toBe(401);
    const user = sessionToken(await register(t.app, 'player', 'player@example.com'));
    const res = await t.app.inject({ url: '/api/admin/config', ...asUser(user) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, title: expect.any(String) });
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/config', payload: {}, ...asUser(user) });
    expect(put.statusCode).toBe(403);
  });

  it('shows the whole configuration to an admin', async () => {
    const res = await t.app.inject({ url: '/api/admin/config', ...asUser(admin) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(ConfigEditModel, body)).toBe(true);
    expect(body.accountPolicy).toMatchObject({ allowRegister: true, activeOnRegister: true });
    expect(body.globalConfig.title).toBe('Pennon');
    expect(body.containerPolicy.renewalWindow).toBe(10);
  });

  it('saves the sections sent, which the public config then shows', async () => {
    const { globalConfig, accountPolicy } = (
      await t.app.inject({ url: '/api/admin/config', ...asUser(admin) })
    ).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/config',
      payload: { globalConfig: { ...globalConfig, title: 'Harbour' }, accountPolicy: null },
      ...asUser(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject('/api/config')).json().title).toBe('Harbour');
    const after = (await t.app.inject({ url: '/api/admin/config', ...asUser(admin) })).json();
    expect(after.accountPolicy).toEqual(accountPolicy);
  });

  it('refuses an out-of-range container policy with a 400 envelope', async () => {
    const { containerPolicy } = (await t.app.inject({ url: '/api/admin/config', ...asUser(admin) })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/config',
      payload: { containerPolicy: { ...containerPolicy, renewalWindow: 361 } },
      ...asUser(admin),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: expect.stringMatching(/renewalWindow/), status: 400 });
    expect((await t.app.inject('/api/config')).json().renewalWindow).toBe(10);
  });

  it('refuses e-mail confirmation where no mailed link could reach the platform, and saves it where one can', async () => {
    const { accountPolicy } = (await t.app.inject({ url: '/api/admin/config', ...asUser(admin) })).json();
    const save = (host: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/config',
        headers: { host },
        payload: {
          accountPolicy: { ...accountPolicy, activeOnRegister: false, emailConfirmationRequired: true },
        },
        ...asUser(admin),
      });
    // No PENNON_PUBLIC_URL, and the admin is not on a loopback address: every sign-up link would be refused.
    const refused = await save('ctf.example.org');
    expect(refused.json()).toEqual({
      status: 400,
      title:
        "E-mail confirmation needs the platform's public address for its links: set PENNON_PUBLIC_URL first, or turn it off",
    });
    expect((await t.app.inject({ url: '/api/admin/config', ...asUser(admin) })).json().accountPolicy).toEqual(
      accountPolicy,
    );
    expect(
      (await t.app.inject({ url: '/api/config', headers: { host: 'ctf.example.org' } })).json(),
    ).toMatchObject({ mailLinks: false });
    // A server tried out on one machine mails links to itself.
    expect((await save('localhost:8080')).statusCode).toBe(200);
    expect((await t.app.inject('/api/config')).json()).toMatchObject({
      mailLinks: true,
      passwordRecovery: true,
    });
  });

  it('generates and announces a strong password once when none is configured', async () => {
    await t.connection.db.updateTable('users').set({ role: 'User' }).where('role', '=', 'Admin').execute();
    await t.connection.db.deleteFrom('users').where('user_name', '=', 'admin').execute();
    const lines: string[] = [];
    expect(await seedAdmin(t.connection.db, { announce: (line) => lines.push(line) })).toBe(true);
    const [line] = lines;
    const password = /^Admin account created: admin \/ (\S+) — shown only once$/.exec(line ?? '')?.[1] ?? '';
    expect(passwordProblem(password)).toBeNull();
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect((await login(t.app, 'admin', password)).statusCode).toBe(200);
    expect(await admins()).toHaveLength(1);
  });

  it('refuses a weak PENNON_ADMIN_PASSWORD', async () => {
    await t.connection.db.deleteFrom('users').where('role', '=', 'Admin').execute();
    await expect(seedAdmin(t.connection.db, { password: 'admin', announce: () => {} })).rejects.toThrow(
      /PENNON_ADMIN_PASSWORD is too weak/,
    );
  });
});
