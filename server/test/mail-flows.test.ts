// §4.14 mailed account flows end to end: the mail lands in the outbox, the test follows its link like a user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigStore } from '../src/services/config-store.ts';
import { UserStore } from '../src/services/users.ts';
import { asUser, httpsCookieName, login, register, sessionToken, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';
import { lastMail, linkBody, mailCount, tempDataDir } from './support/outbox.ts';

const b64 = (value: string) => Buffer.from(value).toString('base64');

describe.each(databaseKinds())('mailed account flows on $name', (kind) => {
  let t: TestApp;
  let config: ConfigStore;
  const dataDir = tempDataDir();
  beforeAll(async () => {
    t = await startTestApp(kind, { PENNON_DATA_DIR: dataDir });
    config = new ConfigStore(t.connection.db, 'Default');
  });
  afterAll(async () => t?.close());

  const setPolicy = async (change: Partial<Awaited<ReturnType<ConfigStore['read']>>['accountPolicy']>) => {
    const { accountPolicy } = await config.read();
    await config.update({ accountPolicy: { ...accountPolicy, ...change } });
  };
  const mailPolicy = () => setPolicy({ activeOnRegister: false, emailConfirmationRequired: true });
  const post = (url: string, payload: object, token?: string, method: 'POST' | 'PUT' = 'POST') =>
    t.app.inject({ method, url, payload, ...asUser(token) });

  /** Registers by mail and follows the verify link: answers the session token. */
  const confirmedUser = async (name: string, email: string, password = 'Secret123') => {
    const res = await register(t.app, name, email, password);
    expect(res.json()).toMatchObject({ data: 'EmailConfirmationRequired', status: 200 });
    const verified = await post('/api/account/verify', linkBody(lastMail(dataDir, email).link));
    expect(verified.statusCode, verified.body).toBe(200);
    return sessionToken(verified) as string;
  };

  it('confirms a registration through the mailed link and signs the user in', async () => {
    await mailPolicy();
    const res = await register(t.app, 'carol', 'carol@example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: 'EmailConfirmationRequired', status: 200 });
    expect(sessionToken(res)).toBeUndefined();
    expect((await login(t.app, 'carol', 'Secret123')).statusCode).toBe(401);

    const mail = lastMail(dataDir, 'carol@example.com');
    expect(mail.raw).toMatch(/^To: carol@example\.com/m);
    expect(mail.raw).toMatch(/multipart\/alternative/);
    // A fresh install signs as Pennon, the title as it is: no "::CTF" appended.
    expect(mail.subject).toBe('Pennon: Confirm your e-mail address');
    expect(mail.link.pathname).toBe('/account/verify');
    expect(mail.link.origin).toBe('http://localhost');
    expect(Buffer.from(linkBody(mail.link).email, 'base64').toString()).toBe('carol@example.com');

    const verified = await post('/api/account/verify', linkBody(mail.link));
    expect(verified.statusCode, verified.body).toBe(200);
    const me = await t.app.inject({ url: '/api/account/profile', ...asUser(sessionToken(verified)) });
    expect(me.json()).toMatchObject({ userName: 'carol', email: 'carol@example.com' });
    // Used up: the account is active now.
    expect((await post('/api/account/verify', linkBody(mail.link))).statusCode).toBe(400);
    await signedIn(t.app, 'carol', 'Secret123');
  });

  it('refuses a forged verify token with 401', async () => {
    await mailPolicy();
    await register(t.app, 'dave', 'dave@example.com');
    const res = await post('/api/account/verify', {
      token: b64('forged.token'),
      email: b64('dave@example.com'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(401);
  });

  it('lets a new sign-up take over a never-confirmed address, voiding the first link', async () => {
    await mailPolicy();
    await register(t.app, 'squatter', 'erin@example.com', 'Squat123');
    const first = lastMail(dataDir, 'erin@example.com');
    const res = await register(t.app, 'erin', 'erin@example.com', 'Erin1234');
    expect(res.json()).toMatchObject({ data: 'EmailConfirmationRequired' });
    expect((await post('/api/account/verify', linkBody(first.link))).statusCode).toBe(401);
    const verified = await post('/api/account/verify', linkBody(lastMail(dataDir, 'erin@example.com').link));
    expect(verified.statusCode).toBe(200);
    expect((await login(t.app, 'squatter', 'Squat123')).statusCode).toBe(401);
    await signedIn(t.app, 'erin', 'Erin1234');
    // Confirmed now: the address is taken for good.
    expect((await register(t.app, 'erin2', 'erin@example.com')).statusCode).toBe(400);
  });

  it('resets a forgotten password by mail; the link dies with the password change', async () => {
    await mailPolicy();
    await confirmedUser('frank', 'frank@example.com');
    const res = await post('/api/account/recovery', { email: 'frank@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 200 });
    const mail = lastMail(dataDir, 'frank@example.com');
    expect(mail.link.pathname).toBe('/account/reset');
    const { token, email } = linkBody(mail.link);

    const reset = await post('/api/account/passwordreset', { password: 'Newpass123', email, rToken: token });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(t.app, 'frank', 'Secret123')).statusCode).toBe(401);
    await signedIn(t.app, 'frank', 'Newpass123');
    const again = await post('/api/account/passwordreset', { password: 'Other1234', email, rToken: token });
    expect(again.statusCode).toBe(400);
  });

  it('voids an old reset link when the password is changed another way', async () => {
    await mailPolicy();
    const session = await confirmedUser('grace', 'grace@example.com');
    await post('/api/account/recovery', { email: 'grace@example.com' });
    const { token, email } = linkBody(lastMail(dataDir, 'grace@example.com').link);
    const changed = await post(
      '/api/account/changepassword',
      { old: 'Secret123', new: 'Changed123' },
      session,
      'PUT',
    );
    expect(changed.statusCode).toBe(200);
    const reset = await post('/api/account/passwordreset', { password: 'Stolen123', email, rToken: token });
    expect(reset.statusCode).toBe(400);
    await signedIn(t.app, 'grace', 'Changed123');
  });

  it('answers recovery for unknown or unconfirmed addresses as for a known one, and 400 without mail confirmation', async () => {
    await mailPolicy();
    await confirmedUser('judy', 'judy@example.com');
    const known = await post('/api/account/recovery', { email: 'judy@example.com' });
    expect(known.statusCode).toBe(200);
    // No account enumeration: the same answer, and no mail.
    await register(t.app, 'heidi', 'heidi@example.com');
    for (const email of ['nobody@example.com', 'heidi@example.com']) {
      const mails = mailCount(dataDir, email);
      const res = await post('/api/account/recovery', { email });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: known.json() });
      expect(mailCount(dataDir, email)).toBe(mails);
    }
    await setPolicy({ activeOnRegister: true, emailConfirmationRequired: false });
    const off = await post('/api/account/recovery', { email: 'carol@example.com' });
    expect(off.statusCode).toBe(400);
    expect(off.json().title).toMatch(/administrator/);
  });

  it('changes the e-mail address through a link sent to the new one', async () => {
    await mailPolicy();
    const session = await confirmedUser('ivan', 'ivan@example.com');
    const res = await post('/api/account/changeemail', { newMail: 'ivan@new.example.com' }, session, 'PUT');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: true, status: 200 });
    const mail = lastMail(dataDir, 'ivan@new.example.com');
    expect(mail.link.pathname).toBe('/account/confirm');
    const confirmed = await post('/api/account/mailchangeconfirm', linkBody(mail.link), session);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const me = await t.app.inject({ url: '/api/account/profile', ...asUser(session) });
    expect(me.json().email).toBe('ivan@new.example.com');
    expect((await post('/api/account/mailchangeconfirm', linkBody(mail.link), session)).statusCode).toBe(400);
  });

  const publicUrlMissing = {
    status: 400,
    title: "Mails with links need the platform's public address: an administrator must set PENNON_PUBLIC_URL",
  };

  it('tells clients whether a forgotten password can be reset by mail from where they ask', async () => {
    const recovery = async (host: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/config', headers: { host } })).json().passwordRecovery;
    await setPolicy({ activeOnRegister: true, emailConfirmationRequired: false });
    expect(await recovery('localhost:8080')).toBe(false);
    await mailPolicy();
    expect(await recovery('localhost:8080')).toBe(true);
    // No PENNON_PUBLIC_URL: no link can point to a host the client names.
    expect(await recovery('ctf.example.org')).toBe(false);
  });

  it('links to the request origin without PENNON_PUBLIC_URL only when its host is loopback', async () => {
    await mailPolicy();
    const loopbacks = [
      ['127.0.0.1:8080', 'http://127.0.0.1:8080'],
      ['127.1.2.3', 'http://127.1.2.3'],
      ['[::1]:3000', 'http://[::1]:3000'],
      ['localhost:5173', 'http://localhost:5173'],
    ];
    for (const [i, [host, origin]] of loopbacks.entries()) {
      const email = `loop${i}@example.com`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/register',
        headers: { host, 'x-forwarded-host': 'evil.example' },
        payload: { userName: `loop${i}`, email, password: 'Secret123' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(lastMail(dataDir, email).link.origin).toBe(origin);
    }
  });

  it('refuses every mailed flow for a forged Host without PENNON_PUBLIC_URL, leaving nothing behind', async () => {
    await mailPolicy();
    const session = await confirmedUser('mallory', 'mallory@example.com');
    const forged = { host: 'evil.example' };
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: forged,
      payload: { userName: 'victim', email: 'victim@example.com', password: 'Secret123' },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json()).toEqual(publicUrlMissing);
    expect(await new UserStore(t.connection.db).byEmail('victim@example.com')).toBeUndefined();
    const recovery = await t.app.inject({
      method: 'POST',
      url: '/api/account/recovery',
      headers: forged,
      payload: { email: 'mallory@example.com' },
    });
    expect(recovery.json()).toEqual(publicUrlMissing);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/account/changeemail',
      headers: forged,
      payload: { newMail: 'mallory@new.example.com' },
      ...asUser(session),
    });
    expect(change.json()).toEqual(publicUrlMissing);
    expect(mailCount(dataDir, 'victim@example.com')).toBe(0);
    expect(mailCount(dataDir, 'mallory@example.com')).toBe(1);
    expect(mailCount(dataDir, 'mallory@new.example.com')).toBe(0);
  });

  it('refuses a trusted X-Forwarded-Host that is not loopback without PENNON_PUBLIC_URL', async () => {
    const proxied = await startTestApp(kind, { PENNON_DATA_DIR: dataDir, PENNON_TRUST_PROXY: 'true' });
    try {
      const proxiedConfig = new ConfigStore(proxied.connection.db, 'Default');
      await proxiedConfig.update({
        accountPolicy: {
          ...(await proxiedConfig.read()).accountPolicy,
          activeOnRegister: false,
          emailConfirmationRequired: true,
        },
      });
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/account/register',
        headers: { host: 'localhost', 'x-forwarded-host': 'evil.example' },
        payload: { userName: 'olivia', email: 'olivia@example.com', password: 'Secret123' },
      });
      expect(res.json()).toEqual(publicUrlMissing);
      expect(mailCount(dataDir, 'olivia@example.com')).toBe(0);
    } finally {
      await proxied.close();
    }
  });

  it('takes link origins from PENNON_PUBLIC_URL and answers changeemail 400/false without mail confirmation', async () => {
    const other = await startTestApp(kind, {
      PENNON_DATA_DIR: dataDir,
      PENNON_PUBLIC_URL: 'https://ctf.example.org/',
    });
    try {
      const otherConfig = new ConfigStore(other.connection.db, 'Default');
      await otherConfig.update({
        accountPolicy: {
          ...(await otherConfig.read()).accountPolicy,
          activeOnRegister: false,
          emailConfirmationRequired: true,
        },
      });
      await other.app.inject({
        method: 'POST',
        url: '/api/account/register',
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        payload: { userName: 'judy', email: 'judy@example.com', password: 'Secret123' },
      });
      expect(lastMail(dataDir, 'judy@example.com').link.origin).toBe('https://ctf.example.org');

      await otherConfig.update({
        accountPolicy: {
          ...(await otherConfig.read()).accountPolicy,
          activeOnRegister: true,
          emailConfirmationRequired: false,
        },
      });
      const session = sessionToken(await register(other.app, 'kim', 'kim@example.com'), httpsCookieName);
      const before = mailCount(dataDir, 'kim@new.example.com');
      const res = await other.app.inject({
        method: 'PUT',
        url: '/api/account/changeemail',
        payload: { newMail: 'kim@new.example.com' },
        ...asUser(session, httpsCookieName),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ data: false, status: 400 });
      expect(mailCount(dataDir, 'kim@new.example.com')).toBe(before);
    } finally {
      await other.close();
    }
  });
});
