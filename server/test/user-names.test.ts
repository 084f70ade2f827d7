// User names (issue 28): stored NFKC-normalised, and refused, with the reason, when a character would hide or reorder
// what others see of them, on sign-up, in the profile and in the admin's edits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../src/services/admin-seed.ts';
import { asUser, register, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

const refused: [name: string, title: string][] = [
  ['bob\u202Eevil', 'A user name cannot contain characters that change the direction of text'],
  ['bob\u2066x\u2069', 'A user name cannot contain characters that change the direction of text'],
  ['ad\u200Bmin', 'A user name cannot contain invisible characters, such as zero-width spaces'],
  ['ad\u2060min', 'A user name cannot contain invisible characters, such as zero-width spaces'],
  ['\uFEFFadmin', 'A user name cannot contain invisible characters, such as zero-width spaces'],
  ['bob\u0007x', 'A user name cannot contain control characters'],
  ['bob\nx', 'A user name cannot contain control characters'],
  [' bob', 'A user name cannot begin or end with a space'],
  ['bob\u3000', 'A user name cannot begin or end with a space'],
  // Seven characters that NFKC spells with twenty-one.
  ['\u3392\u3392\u3392\u3392\u3392\u3392\u3392', 'A user name has 3 to 15 characters'],
];

describe.each(databaseKinds())('user names on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedAdmin(t.connection.db, { password: 'Harbour2024', announce: () => {} });
    admin = await signedIn(t.app, 'admin', 'Harbour2024');
  });
  afterAll(async () => t?.close());

  const profile = async (token: string) =>
    (await t.app.inject({ url: '/api/account/profile', ...asUser(token) })).json();

  it.each(refused)('refuses to register %j, saying why', async (name, title) => {
    const res = await register(t.app, name, `refused${refused.findIndex(([n]) => n === name)}@example.com`);
    expect(res.json()).toEqual({ title, status: 400 });
    const rows = await t.connection.db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', 'refused%')
      .execute();
    expect(rows).toEqual([]);
  });

  it('says why in the language of the request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'accept-language': 'de-DE' },
      payload: { userName: 'bob\u202Eevil', email: 'german@example.com', password: 'Secret123' },
    });
    expect(res.json()).toEqual({
      title: 'Ein Benutzername darf keine Zeichen enthalten, die die Schreibrichtung ändern',
      status: 400,
    });
  });

  it('stores the NFKC form, so full-width letters are the same name', async () => {
    const res = await register(t.app, '\uFF46\uFF55\uFF4C\uFF4C', 'full@example.com');
    expect(res.statusCode, res.body).toBe(200);
    const token = await signedIn(t.app, 'full', 'Secret123');
    expect((await profile(token)).userName).toBe('full');
    const again = await register(t.app, 'FULL', 'full2@example.com');
    expect(again.json()).toEqual({ title: 'The user name "FULL" is already taken', status: 400 });
  });

  it('refuses such a name in the profile and in the admin edits', async () => {
    expect((await register(t.app, 'carol', 'carol@example.com')).statusCode).toBe(200);
    const carol = await signedIn(t.app, 'carol', 'Secret123');
    const bidi = 'car\u202Eol';
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/account/update',
      payload: { userName: bidi },
      ...asUser(carol),
    });
    expect(own.json()).toMatchObject({ status: 400, title: refused[0]?.[1] });

    const { userId } = await profile(carol);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${userId}`,
      payload: { userName: 'car\u200Bol' },
      ...asUser(admin),
    });
    expect(edit.json()).toMatchObject({ status: 400, title: refused[2]?.[1] });
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      payload: [{ userName: ' dave', email: 'dave@example.com', password: 'Secret123' }],
      ...asUser(admin),
    });
    expect(batch.json()).toMatchObject({
      status: 400,
      title: ' dave: A user name cannot begin or end with a space',
    });
    expect((await profile(carol)).userName).toBe('carol');

    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/account/update',
      payload: { userName: '\uFF43\uFF41\uFF52\uFF4F\uFF4C\uFF12' },
      ...asUser(carol),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await profile(carol)).userName).toBe('carol2');
  });
});
