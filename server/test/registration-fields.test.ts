// Registration fields (issue #45): admins define extra account fields; registration and the profile send them,
// checked per field; admins read, filter, change and export them; other players see only the public ones.
import type { RegistrationField } from '@pennon/sdk/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameBody, gameClient, signInAdmin } from './games/helpers.ts';
import { asUser, register, sessionToken } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';
import { multipart } from './support/multipart.ts';

const school: RegistrationField = {
  key: 'school',
  label: 'School',
  labels: { 'de-DE': 'Schule' },
  type: 'text',
  required: true,
  public: true,
  locked: false,
  maxLength: 40,
};
const studentId: RegistrationField = {
  key: 'studentId',
  label: 'Student ID',
  type: 'text',
  required: true,
  public: false,
  locked: true,
  pattern: '[A-Z]{2}[0-9]{4}',
};
const shirt: RegistrationField = {
  key: 'shirt',
  label: 'T-shirt size',
  type: 'choice',
  options: ['S', 'M', 'L'],
  required: false,
  public: false,
  locked: false,
};
const age: RegistrationField = {
  key: 'age',
  label: 'Age',
  type: 'number',
  min: 12,
  max: 99,
  required: false,
  public: false,
  locked: false,
};
const others: RegistrationField[] = [
  { key: 'mail2', label: 'Second e-mail', type: 'email', required: false, public: false, locked: false },
  { key: 'site', label: 'Website', type: 'url', required: false, public: false, locked: false },
  { key: 'born', label: 'Birthday', type: 'date', required: false, public: false, locked: false },
  { key: 'rules', label: 'Rules', type: 'checkbox', required: false, public: false, locked: false },
];
const definitions = [school, studentId, shirt, age, ...others];
const good = { school: 'INSA Lyon', studentId: 'AB1234' };

describe.each(databaseKinds())('registration fields on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let c: ReturnType<typeof gameClient>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
  });
  afterAll(async () => t?.close());

  const signUp = (name: string, fields?: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        userName: name,
        email: `${name}@example.com`,
        password: 'Secret123',
        ...(fields && { fields }),
      },
    });
  const profile = async (token: string) =>
    (await c.ok(token, 'GET', '/api/account/profile')) as { fields?: object };
  const login = (name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: name, password: 'Secret123' },
    });

  const define = (fields: RegistrationField[], token: string | null = admin) =>
    c.call(token, 'PUT', '/api/admin/fields', fields);

  it("changes nothing while no field is defined: GZ::CTF's client registers as before", async () => {
    expect(await c.ok(null, 'GET', '/api/account/fields')).toEqual([]);
    const res = await register(t.app, 'plain', 'plain@example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(await profile(sessionToken(res) as string)).not.toHaveProperty('fields');
    const users = await c.ok(admin, 'GET', '/api/admin/users');
    expect(users.data[0]).not.toHaveProperty('fields');
  });

  it('lets only admins define fields', async () => {
    expect((await define([school], null)).statusCode).toBe(401);
    const player = sessionToken(await login('plain')) as string;
    expect((await define([school], player)).statusCode).toBe(403);
  });

  it.each([
    ['a key twice', [school, { ...shirt, key: 'SCHOOL' }], 'Two fields have the key "school"'],
    [
      'a key the users sheet uses',
      [{ ...school, key: 'email' }],
      'The key "email" is a column of the users sheet already',
    ],
    ['a choice without options', [{ ...shirt, options: [] }], 'The choice field "shirt" needs its options'],
    ['an option twice', [{ ...shirt, options: ['S', 'S'] }], 'The field "shirt" has the same option twice'],
    [
      'limits the wrong way round',
      [{ ...age, min: 50, max: 10 }],
      'The limits of the field "age" are the wrong way round',
    ],
    [
      'a pattern that does not compile',
      [{ ...studentId, pattern: '[' }],
      'The pattern of the field "studentId" is not a valid regular expression',
    ],
  ])('refuses %s with a 400 naming the field', async (_, fields, title) => {
    const res = await define(fields as RegistrationField[]);
    expect(res.json()).toEqual({ title, status: 400 });
    expect(await c.ok(null, 'GET', '/api/account/fields')).toEqual([]);
  });

  it('refuses a malformed key or type at the schema', async () => {
    expect((await define([{ ...school, key: 'no spaces' }])).statusCode).toBe(400);
    expect((await define([{ ...school, type: 'colour' as 'text' }])).statusCode).toBe(400);
  });

  it('saves the definitions in order, readable by anyone', async () => {
    const res = await define(definitions);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(definitions);
    expect(await c.ok(null, 'GET', '/api/account/fields')).toEqual(definitions);
  });

  it('refuses a registration without a required field, naming it', async () => {
    const bare = await register(t.app, 'gzclient', 'gzclient@example.com');
    expect(bare.json()).toEqual({ title: 'The field "School" is required', status: 400 });
    const half = await signUp('gzclient', { school: 'INSA Lyon' });
    expect(half.json()).toEqual({ title: 'The field "Student ID" is required', status: 400 });
    expect((await login('gzclient')).statusCode).toBe(401);
  });

  it.each([
    ['an unknown field', { nickname: 'x' }, 'There is no field "nickname"'],
    ['a text over its length', { school: 'x'.repeat(41) }, 'The field "School" takes at most 40 characters'],
    [
      'a text off its pattern',
      { studentId: 'ab1234' },
      'The field "Student ID" is not in the format asked for',
    ],
    ['a choice not offered', { shirt: 'XXL' }, 'The field "T-shirt size" takes one of: S, M, and L'],
    ['a number that is none', { age: 'twenty' }, 'The field "Age" takes a number'],
    ['a number under its range', { age: '11' }, 'The field "Age" takes a number no less than 12'],
    ['a number over its range', { age: '100' }, 'The field "Age" takes a number no more than 99'],
    ['a bad e-mail address', { mail2: 'nobody' }, 'The field "Second e-mail" takes an e-mail address'],
    [
      'a web address without http',
      { site: 'javascript:alert(1)' },
      'The field "Website" takes a web address',
    ],
    ['a date that does not exist', { born: '2001-02-30' }, 'The field "Birthday" takes a date (YYYY-MM-DD)'],
    ['a checkbox that is neither', { rules: 'yes' }, 'The field "Rules" takes true or false'],
  ])('refuses %s with a 400 naming the field', async (_, fields, title) => {
    const res = await signUp('checked', { ...good, ...fields });
    expect(res.json()).toEqual({ title, status: 400 });
  });

  it('translates the refusal into the language the user reads', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'accept-language': 'de-DE' },
      payload: { userName: 'deutsch', email: 'deutsch@example.com', password: 'Secret123' },
    });
    expect(res.json().title).toBe('Das Feld „School“ ist erforderlich');
  });

  let ada: string;
  let adaId: string;
  it('registers with the fields and shows them in the profile', async () => {
    const res = await signUp('ada', {
      ...good,
      shirt: 'M',
      age: '21',
      mail2: 'ada@lyon.example',
      site: 'https://ada.example',
      born: '2004-12-10',
      rules: 'true',
    });
    expect(res.statusCode, res.body).toBe(200);
    ada = sessionToken(res) as string;
    const mine = await profile(ada);
    adaId = (mine as { userId: string }).userId;
    expect(mine.fields).toEqual({
      ...good,
      shirt: 'M',
      age: '21',
      mail2: 'ada@lyon.example',
      site: 'https://ada.example',
      born: '2004-12-10',
      rules: 'true',
    });
  });

  it('lets the user change open fields and clear optional ones, never a locked or a required one', async () => {
    const update = (fields: Record<string, string>) => c.call(ada, 'PUT', '/api/account/update', { fields });
    expect((await update({ studentId: 'CD5678' })).json()).toEqual({
      title: 'The field "Student ID" cannot be changed after registration',
      status: 400,
    });
    expect((await update({ school: '' })).json()).toEqual({
      title: 'The field "School" is required',
      status: 400,
    });
    expect((await update({ school: 'ENS Lyon', shirt: '', rules: 'false' })).statusCode).toBe(200);
    // A profile edit without `fields` (GZ::CTF's client) leaves them as they are.
    expect((await c.call(ada, 'PUT', '/api/account/update', { bio: 'Hello' })).statusCode).toBe(200);
    expect((await profile(ada)).fields).toEqual({
      school: 'ENS Lyon',
      studentId: 'AB1234',
      age: '21',
      mail2: 'ada@lyon.example',
      site: 'https://ada.example',
      born: '2004-12-10',
    });
  });

  it('shows admins every field, filters users by one, and lets them change a locked one', async () => {
    const bob = await signUp('bob', { school: 'EPFL', studentId: 'XY0001', shirt: 'L' });
    expect(bob.statusCode, bob.body).toBe(200);
    const all = await c.ok(admin, 'GET', '/api/admin/users');
    const row = all.data.find((user: { userName: string }) => user.userName === 'bob');
    expect(row.fields).toEqual({ school: 'EPFL', studentId: 'XY0001', shirt: 'L' });
    expect(all.data.find((user: { userName: string }) => user.userName === 'plain').fields).toEqual({});

    const lyon = await c.ok(admin, 'GET', '/api/admin/users?field=school&value=lyon');
    expect(lyon.data.map((user: { userName: string }) => user.userName)).toEqual(['ada']);
    expect(lyon.total).toBe(1);
    const large = await c.ok(admin, 'GET', '/api/admin/users?field=shirt&value=L');
    expect(large.data.map((user: { userName: string }) => user.userName)).toEqual(['bob']);
    expect((await c.call(admin, 'GET', '/api/admin/users?field=bad%20key')).statusCode).toBe(400);

    await c.ok(admin, 'PUT', `/api/admin/users/${adaId}`, { fields: { studentId: 'CD5678' } });
    expect((await c.ok(admin, 'GET', `/api/admin/users/${adaId}`)).fields).toMatchObject({
      studentId: 'CD5678',
    });
    const bad = await c.call(admin, 'PUT', `/api/admin/users/${adaId}`, { fields: { age: '7' } });
    expect(bad.json()).toEqual({ title: 'The field "Age" takes a number no less than 12', status: 400 });
  });

  it('shows other players only the public fields', async () => {
    const adaPlayer = { id: adaId, name: 'ada', token: ada };
    const teamId = await c.createTeam(adaPlayer, 'Gulls');
    const team = await c.ok(sessionToken(await login('bob')) as string, 'GET', `/api/team/${teamId}`);
    expect(team.members).toEqual([
      expect.objectContaining({ userName: 'ada', fields: { school: 'ENS Lyon' } }),
    ]);
    expect(JSON.stringify(team)).not.toContain('CD5678');
  });

  it('exports every field as a column of the users sheet, and imports them back', async () => {
    const sheet = await c.call(admin, 'GET', '/api/admin/users/export?format=csv');
    const [header, ...lines] = sheet.body.replace(/^\ufeff/, '').split(/\r?\n/);
    expect(header).toBe(
      'userName,email,realName,stdNumber,phone,team,school,studentId,shirt,age,mail2,site,born,rules',
    );
    expect(lines.find((line) => line.startsWith('bob,'))).toBe('bob,bob@example.com,,,,,EPFL,XY0001,L,,,,,');

    const upload = (data: string, query = '') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/import${query}`,
        ...multipart([{ field: 'file', name: 'users.csv', data }]),
        ...asUser(admin),
      });
    const check = await upload('userName,email,Shirt\r\nbob,bob@example.com,XXL', '?dryRun=true');
    expect(check.json().problems).toEqual([
      { row: 2, column: 'shirt', message: 'The field "T-shirt size" takes one of: S, M, and L' },
    ]);
    const res = await upload(
      'userName,email,shirt,age\r\nbob,bob@example.com,S,30\r\ncyd,cyd@example.com,M,',
    );
    expect(res.statusCode, res.body).toBe(200);
    const users = await c.ok(admin, 'GET', '/api/admin/users?field=shirt&value=');
    const fieldsOf = (name: string) =>
      users.data.find((user: { userName: string }) => user.userName === name)?.fields;
    expect(fieldsOf('bob')).toEqual({ school: 'EPFL', studentId: 'XY0001', shirt: 'S', age: '30' });
    expect(fieldsOf('cyd')).toEqual({ shirt: 'M' });
  });

  it("puts the players' fields in the scoreboard sheet", async () => {
    const gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    const gulls = (await c.ok(ada, 'GET', '/api/team')) as { id: number }[];
    await c.ok(ada, 'POST', `/api/game/${gameId}`, { teamId: gulls[0]?.id });
    const sheet = await c.call(admin, 'GET', `/api/game/${gameId}/scoreboardsheet`);
    expect(sheet.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const players = book.getWorksheet('Players')?.getSheetValues().slice(1) as unknown[][];
    expect(players[0]?.slice(1, 6)).toEqual(['Rank', 'Team', 'User', 'School', 'Student ID']);
    expect(players[1]?.slice(1, 6)).toEqual([1, 'Gulls', 'ada', 'ENS Lyon', 'CD5678']);
  });

  it("deletes a field's values with its definition", async () => {
    await c.ok(admin, 'PUT', '/api/admin/fields', [school]);
    await c.ok(admin, 'PUT', '/api/admin/fields', [school, shirt]);
    expect((await profile(ada)).fields).toEqual({ school: 'ENS Lyon' });
    await c.ok(admin, 'PUT', '/api/admin/fields', []);
    expect(await profile(ada)).not.toHaveProperty('fields');
  });
});
