// Users and teams imported from CSV and XLSX sheets (a dry run first, then all or nothing), and exported as sheets.
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../src/services/admin-seed.ts';
import { asUser, login, register, sessionToken, signedIn } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';
import { multipart } from './support/multipart.ts';

const header = 'userName,email,password,realName,team';
const csv = (...lines: string[]) => [header, ...lines].join('\r\n');

const xlsx = async (rows: string[][]) => {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Users').addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
};

describe.each(databaseKinds())('user sheets on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedAdmin(t.connection.db, { password: 'Harbour2024', announce: () => {} });
    admin = await signedIn(t.app, 'admin', 'Harbour2024');
    expect((await register(t.app, 'taken', 'taken@example.com')).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  const upload = (data: Buffer | string, query = '', token: string | null = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/users/import${query}`,
      ...multipart([{ field: 'file', name: 'users.csv', data }]),
      ...asUser(token ?? undefined),
    });
  const dryRun = (data: Buffer | string) => upload(data, '?dryRun=true');
  const userCount = async () =>
    (await t.app.inject({ url: '/api/admin/users?count=1', ...asUser(admin) })).json().total as number;
  const team = async (name: string) =>
    (await t.app.inject({ method: 'POST', url: `/api/admin/teams/search?hint=${name}`, ...asUser(admin) }))
      .json()
      .data.filter((found: { name: string }) => found.name === name);
  const exported = (what: 'users' | 'teams', format: 'csv' | 'xlsx') =>
    t.app.inject({ url: `/api/admin/${what}/export?format=${format}`, ...asUser(admin) });

  const good = csv(
    'ada,ada@example.com,,Ada L,Gulls',
    'bob,bob@example.com,Bobby123,,Gulls',
    'cyd,cyd@example.com,,,',
  );

  it('refuses players and strangers', async () => {
    const player = sessionToken(await login(t.app, 'taken', 'Secret123'));
    expect((await upload(good, '', player)).statusCode).toBe(403);
    expect((await upload(good, '', null)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/users/export', ...asUser(player) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/teams/export' })).statusCode).toBe(401);
  });

  it("lists each row's problems in a dry run and writes nothing", async () => {
    const before = await userCount();
    const res = await dryRun(
      csv(
        'ada,ada@example.com,,,Gulls',
        'ada,other@example.com,,,',
        'eve,not-an-address,weak,,',
        'taken,fresh@example.com,,,',
        ',nobody@example.com,,,',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: true, rows: 5, created: 1, updated: 0, teamsCreated: 1 });
    expect(res.json().problems.map((p: { row: number; column: string }) => [p.row, p.column])).toEqual([
      [3, 'userName'],
      [4, 'email'],
      [4, 'password'],
      [5, 'userName'],
      [6, 'userName'],
    ]);
    expect(res.json().problems[0].message).toBe('Row 2 has the same value');
    expect(res.json().problems[3].message).toBe('Another account has this user name');
    expect(await userCount()).toBe(before);
    expect(await team('Gulls')).toEqual([]);
  });

  it('translates the problems into the language the admin reads', async () => {
    const form = multipart([{ field: 'file', name: 'u.csv', data: csv('zed,nope,,,') }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/import?dryRun=true',
      payload: form.payload,
      headers: { ...form.headers, 'accept-language': 'de-DE' },
      ...asUser(admin),
    });
    expect(res.json().problems).toEqual([
      { row: 2, column: 'email', message: 'Keine gültige E-Mail-Adresse' },
    ]);
  });

  it('imports nothing when one row is bad', async () => {
    const before = await userCount();
    const res = await upload(`${good}\r\ndan,dan-at-example.com,,,`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: expect.stringMatching(/Row 5/), status: 400 });
    expect(await userCount()).toBe(before);
    expect(await team('Gulls')).toEqual([]);
  });

  it('imports users and teams at once; generated passwords are answered once and sign in', async () => {
    const res = await upload(good);
    expect(res.statusCode, res.body).toBe(200);
    const outcome = res.json();
    expect(outcome).toMatchObject({ dryRun: false, created: 3, updated: 0, teamsCreated: 1, problems: [] });
    expect(outcome.passwords.map((p: { userName: string }) => p.userName)).toEqual(['ada', 'cyd']);
    for (const { userName, password } of outcome.passwords) await signedIn(t.app, userName, password);
    await signedIn(t.app, 'bob', 'Bobby123');
    expect((await team('Gulls'))[0].members).toEqual([
      expect.objectContaining({ userName: 'ada', captain: true }),
      expect.objectContaining({ userName: 'bob', captain: false }),
    ]);
  });

  it('updates instead of duplicating on a second import, keeping passwords the sheet leaves out', async () => {
    const before = await userCount();
    const again = await upload(good.replace('Ada L', 'Ada Lovelace'));
    expect(again.json()).toMatchObject({ created: 0, updated: 3, teamsCreated: 0, passwords: [] });
    expect(await userCount()).toBe(before);
    expect(await team('Gulls')).toHaveLength(1);
    expect((await team('Gulls'))[0].members).toHaveLength(2);
    await signedIn(t.app, 'bob', 'Bobby123');
    const users = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/search?hint=ada',
      ...asUser(admin),
    });
    // The search also looks into ids, and a random UUID may hold "ada".
    const ada = users.json().data.find((user: { userName: string }) => user.userName === 'ada');
    expect(ada).toMatchObject({ realName: 'Ada Lovelace' });
  });

  it('reads XLSX, headers in any order and letter case', async () => {
    const res = await upload(
      await xlsx([
        ['EMAIL', 'UserName', 'Phone'],
        ['xl@example.com', 'xl-user', '+49 30 1234'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 1 });
    await signedIn(t.app, 'xl-user', res.json().passwords[0].password);
  });

  it('exports cells a spreadsheet would run as formulas as text, and reads its own export back', async () => {
    const formula = '=HYPERLINK("https://evil.example","x")';
    expect((await upload(csv(`mal,mal@example.com,,"${formula.replaceAll('"', '""')}",`))).statusCode).toBe(
      200,
    );
    const sheet = await exported('users', 'csv');
    expect(sheet.headers['content-type']).toMatch(/^text\/csv/);
    expect(sheet.headers['content-disposition']).toMatch(/attachment; filename="?Users-\d{14}\.csv"?/);
    expect(sheet.body).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    expect(sheet.body).toContain("'+49 30 1234");
    const back = await dryRun(sheet.rawPayload);
    expect(back.json()).toMatchObject({ problems: [], created: 0 });

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exported('users', 'xlsx')).rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]?.getSheetValues() as unknown[][];
    const mal = rows.find((row) => row?.[1] === 'mal');
    expect(mal?.[3]).toBe(formula); // a plain string: never a formula cell

    const teams = await exported('teams', 'csv');
    expect(teams.body).toContain('Gulls,ada,"ada\nbob",,false');
  });

  it('refuses huge, malformed and foreign files with a 400 saying why', async () => {
    const huge = await upload(`${header}\r\n${'a'.repeat(9 * 1024 * 1024)}`);
    expect(huge.json()).toEqual({ title: 'The file is larger than 8 MiB', status: 400 });
    const tooMany = await dryRun(
      csv(...Array.from({ length: 20_001 }, (_, i) => `u${i},u${i}@example.com,,,`)),
    );
    expect(tooMany.json()).toEqual({ title: 'The file has more than 20000 rows', status: 400 });
    const refusals: [Buffer | string, string][] = [
      ['nick,email\r\na,b@example.com', 'Unknown column "nick"'],
      ['userName\r\nsolo', 'The file has no "email" column'],
      [header, 'The file has no users'],
      [Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'The file is neither UTF-8 CSV nor XLSX'],
      [
        Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 1)]),
        'The file is not a readable XLSX workbook',
      ],
    ];
    for (const [data, title] of refusals) expect((await dryRun(data)).json()).toEqual({ title, status: 400 });
    // A workbook whose part says it inflates past the bound (as a zip bomb's does): refused from the zip's
    // directory, before anything is inflated.
    const bomb = Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(16) }));
    bomb.writeUInt32LE(200 * 1024 * 1024, bomb.indexOf(Buffer.from('PK\x01\x02')) + 24);
    expect((await dryRun(bomb)).json()).toEqual({ title: 'The file is larger than 128 MiB', status: 400 });
  });
});
