// Second factors over HTTP through the SDK, on every database: an authenticator app (codes computed here as the
// app would), recovery codes, their limits, GZ::CTF's password login for such accounts, the admin's requirement
// for Admin and Monitor accounts, and the guard that keeps an admin able to sign in.
import type { PennonClient } from '@pennon/sdk';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases.ts';
import { failure, type SdkServer, startSdkServer, userPassword } from './support/sdk.ts';

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const codeOf = (secret: string, steps = 0): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

describe.each(databaseKinds())('second factors on $name', (kind) => {
  let s: SdkServer;
  beforeAll(async () => {
    s = await startSdkServer(kind);
  });
  afterAll(async () => s?.close());

  /** A user with the authenticator app on; answers its secret and recovery codes. */
  const withApp = async (name: string) => {
    const account = await s.signUp(name);
    const { secret, uri } = await account.client.security.totpSetup();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const { recoveryCodes, signedIn } = await account.client.security.totpConfirm(codeOf(secret));
    expect(signedIn).toBe(false);
    expect(recoveryCodes).toHaveLength(10);
    return { ...account, secret, recoveryCodes };
  };

  const passwordStep = (client: PennonClient, name: string) =>
    client.signIn.password({ userName: name, password: userPassword });

  it('signs in without a second factor as before, on both login routes', async () => {
    const account = await s.signUp('plain1');
    const client = s.anonymous();
    expect(await passwordStep(client, account.name)).toEqual({ status: 'SignedIn', factors: [] });
    expect((await client.account.profile()).userName).toBe(account.name);
    await s.anonymous().account.login({ userName: account.name, password: userPassword });
  });

  it('asks for the app after the password, takes a code once, and signs in', async () => {
    const { name, secret } = await withApp('totp1');
    const client = s.anonymous();
    expect(await passwordStep(client, name)).toEqual({
      status: 'SecondFactorRequired',
      factors: ['Totp', 'RecoveryCode'],
    });
    // Not signed in yet.
    expect((await failure(client.account.profile())).status).toBe(401);
    const wrong = await failure(client.signIn.code({ kind: 'Totp', code: '000000' }));
    expect(wrong).toMatchObject({ status: 401, title: 'The code is not correct' });
    // The code the set-up used was taken: the next one the app shows is good.
    expect((await failure(client.signIn.code({ kind: 'Totp', code: codeOf(secret) }))).status).toBe(401);
    expect(await client.signIn.code({ kind: 'Totp', code: codeOf(secret, 1) })).toEqual({
      status: 'SignedIn',
      factors: [],
    });
    expect((await client.account.profile()).userName).toBe(name);
    // The sign-in is over: its flow answers no more codes.
    expect((await failure(client.signIn.code({ kind: 'Totp', code: codeOf(secret, 1) }))).status).toBe(401);
  });

  it("tells GZ::CTF's password login that the account needs its second factor", async () => {
    const { name } = await withApp('gzclient1');
    const refused = await failure(s.anonymous().account.login({ userName: name, password: userPassword }));
    expect(refused.status).toBe(401);
    expect(refused.title).toBe(
      "This account signs in with a second factor: use the platform's own sign-in page",
    );
    // A wrong password still reads as a wrong password: the second factor isn't told to whoever guesses.
    const guessed = await failure(s.anonymous().account.login({ userName: name, password: 'Wrong1234' }));
    expect(guessed.title).toBe('The user name or password is incorrect');
  });

  it('takes each recovery code once', async () => {
    const { name, recoveryCodes } = await withApp('codes1');
    const code = recoveryCodes[0] as string;
    const first = s.anonymous();
    await passwordStep(first, name);
    // Typed in capitals and without its dashes, as people do.
    const typed = code.replaceAll('-', '').toUpperCase();
    expect((await first.signIn.code({ kind: 'RecoveryCode', code: typed })).status).toBe('SignedIn');
    const second = s.anonymous();
    await passwordStep(second, name);
    const again = await failure(second.signIn.code({ kind: 'RecoveryCode', code }));
    expect(again).toMatchObject({ status: 401, title: 'This recovery code is not correct or was used' });
    const security = await first.security.overview();
    expect(security.methods).toMatchObject({ totp: true, recoveryCodes: 9, hasPassword: true });
  });

  it('ends a sign-in after five wrong codes, and the account after ten', async () => {
    const { name, secret } = await withApp('guesser1');
    const client = s.anonymous();
    await passwordStep(client, name);
    for (let i = 0; i < 4; i++) {
      expect((await failure(client.signIn.code({ kind: 'Totp', code: '111111' }))).status).toBe(401);
    }
    const fifth = await failure(client.signIn.code({ kind: 'Totp', code: '111111' }));
    expect(fifth).toMatchObject({ status: 429, title: 'Too many wrong codes: please sign in again' });
    // Even the right code: this sign-in is spent.
    expect((await failure(client.signIn.code({ kind: 'Totp', code: codeOf(secret, 1) }))).status).toBe(429);
    await passwordStep(client, name);
    for (let i = 0; i < 5; i++) await failure(client.signIn.code({ kind: 'Totp', code: '222222' }));
    // A third sign-in with the password: the account has had ten wrong codes, so none is tried for a while.
    await passwordStep(client, name);
    const locked = await failure(client.signIn.code({ kind: 'Totp', code: codeOf(secret, 1) }));
    expect(locked.status).toBe(429);
    expect(locked.title).toMatch(/^Too many wrong codes for this account: try again in \d+ minutes$/);
  });

  it('leads an Admin or Monitor without a second factor to set one up, then signs it in', async () => {
    const admin = await s.admin();
    await admin.signInAdmin.updatePolicy({ passwordSignIn: true, requireSecondFactor: true });
    try {
      const monitor = await s.monitor();
      // GZ::CTF's login can't set one up: it says where to.
      const gz = await failure(
        s.anonymous().account.login({ userName: monitor.name, password: userPassword }),
      );
      expect(gz.title).toBe(
        "This account's role needs a second factor: set one up on the platform's own sign-in page",
      );
      const client = s.anonymous();
      expect(await passwordStep(client, monitor.name)).toEqual({ status: 'EnrolmentRequired', factors: [] });
      const overview = await client.security.overview();
      expect(overview).toMatchObject({ enrolling: true, secondFactorRequired: true });
      expect((await failure(client.account.profile())).status).toBe(401);
      const { secret } = await client.security.totpSetup();
      expect((await failure(client.security.totpConfirm('123456'))).status).toBe(400);
      const { signedIn, recoveryCodes } = await client.security.totpConfirm(codeOf(secret));
      expect(signedIn).toBe(true);
      expect(recoveryCodes).toHaveLength(10);
      expect((await client.account.profile()).role).toBe('Monitor');
      // Its role needs the factor: it can't be turned off while it is the only one.
      const off = await failure(client.security.totpRemove(codeOf(secret, 1)));
      expect(off.title).toBe('Your role needs a second factor: add another one before removing this one');
      // A plain user is not asked for one.
      const user = await s.signUp('free1');
      expect((await passwordStep(s.anonymous(), user.name)).status).toBe('SignedIn');
    } finally {
      await admin.signInAdmin.updatePolicy({ passwordSignIn: true, requireSecondFactor: false });
    }
  });

  it("lets an admin remove a user's second factors, after which the password alone signs in", async () => {
    const { id, name } = await withApp('lostphone1');
    const admin = await s.admin();
    expect((await admin.signInAdmin.userMethods(id)).methods).toMatchObject({
      totp: true,
      recoveryCodes: 10,
    });
    await admin.signInAdmin.resetSecondFactor(id);
    expect((await admin.signInAdmin.userMethods(id)).methods).toMatchObject({
      totp: false,
      recoveryCodes: 0,
    });
    expect((await passwordStep(s.anonymous(), name)).status).toBe('SignedIn');
  });

  it('turns the app off with one of its codes, and hands out new recovery codes', async () => {
    const { client, secret, recoveryCodes } = await withApp('tidy1');
    const fresh = await client.security.recoveryCodes(codeOf(secret, 1));
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect((await failure(client.security.totpRemove('000000'))).status).toBe(400);
    await client.security.totpRemove(fresh[0] as string);
    expect((await client.security.overview()).methods).toMatchObject({ totp: false, recoveryCodes: 0 });
  });

  it('keeps password sign-in on for an admin who has no other way in', async () => {
    const admin = await s.admin();
    const provider = {
      id: 'campus',
      name: 'Campus',
      issuer: 'https://idp.example.org',
      clientId: 'pennon',
      clientSecret: 'shh',
      iconUrl: null,
      allowedDomains: '',
      createAccounts: true,
      linkByEmail: false,
      enabled: true,
    };
    await admin.signInAdmin.addProvider(provider);
    try {
      const refused = await failure(
        admin.signInAdmin.updatePolicy({ passwordSignIn: false, requireSecondFactor: false }),
      );
      expect(refused.title).toBe(
        'You could not sign in after this change: link a provider that stays enabled, or add a passkey, first',
      );
      const settings = await admin.signInAdmin.settings();
      expect(settings.policy.passwordSignIn).toBe(true);
      expect(settings.providers[0]).toMatchObject({
        id: 'campus',
        clientId: 'pennon',
        fromEnvironment: false,
      });
      // The secret never comes back.
      expect(JSON.stringify(settings)).not.toContain('shh');
      expect(settings.providers[0]?.redirectUri).toBe(`${s.baseUrl}/api/signin/oidc/campus/callback`);
      expect((await s.anonymous().signIn.methods()).providers).toEqual([
        { id: 'campus', name: 'Campus', iconUrl: null },
      ]);
    } finally {
      await admin.signInAdmin.removeProvider('campus');
    }
  });
});
