// Users (and teams with their members) imported from a sheet, and users and teams exported as one. An import is
// checked row by row first; it then writes in one transaction, or not at all. A user is known by e-mail, so
// importing the same sheet again updates the users it made instead of making them twice.
import {
  Email,
  type GeneratedPassword,
  normalizeName,
  Phone,
  type RegistrationFieldValues,
  type UserSheetColumn,
  userSheetColumns,
} from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import { Compile } from 'typebox/compile';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { type Message, msg, type Text } from '../i18n/message.ts';
import { teamNameRefusal, userNameRefusal } from './names.ts';
import { generatePassword, hashGeneratedPassword, hashPassword, passwordProblem } from './passwords.ts';
import { checkValues, type RegistrationFieldService } from './registration-fields.ts';
import type { SessionStore } from './sessions.ts';
import { unescapeCell } from './sheet-files.ts';
import { type Team, TeamStore } from './team-store.ts';
import { nameOrEmailTaken } from './user-admin.ts';
import { normalize, type User, type UserPatch, UserStore } from './users.ts';

/**
 * One data row of a sheet: its number as the spreadsheet shows it, and its cells by column (absent when blank),
 * those of registration fields apart.
 */
export type SheetRow = { row: number; fields?: RegistrationFieldValues } & Partial<
  Record<UserSheetColumn, string>
>;

export interface RowProblem {
  row: number;
  /** A `UserSheetColumn`, or a registration field's key. */
  column: string;
  message: Text;
}

export interface ImportOutcome {
  rows: number;
  created: number;
  updated: number;
  teamsCreated: number;
  problems: RowProblem[];
  passwords: GeneratedPassword[];
}

/**
 * The rows under a header naming `userSheetColumns` and registration field `keys` (in any order and letter case);
 * 400 for any other header.
 */
export const sheetRows = (cells: string[][], keys: readonly string[] = []): SheetRow[] => {
  const [header = [], ...data] = cells;
  const named = (name: string) => (known: string) => known.toLowerCase() === name.trim().toLowerCase();
  const columns = header.map((name) => {
    const column = userSheetColumns.find(named(name)) ?? keys.find(named(name));
    if (!column) throw new DomainError(400, msg`Unknown column "${name}"`);
    return column;
  });
  for (const required of ['userName', 'email'] as const)
    if (!columns.includes(required)) throw new DomainError(400, msg`The file has no "${required}" column`);
  if (new Set(columns).size < columns.length) throw new DomainError(400, 'The file names a column twice');
  if (data.length === 0) throw new DomainError(400, 'The file has no users');
  return data.map((cells, index) => {
    const row: SheetRow = { row: index + 2 };
    for (const [at, column] of columns.entries()) {
      const value = unescapeCell((cells[at] ?? '').trim());
      if (value === '') continue;
      if (isSheetColumn(column)) row[column] = value;
      else row.fields = { ...row.fields, [column]: value };
    }
    return row;
  });
};

const isSheetColumn = (column: string): column is UserSheetColumn =>
  (userSheetColumns as readonly string[]).includes(column);

const isEmail = Compile(Email);
const isPhone = Compile(Phone);
const longest = { email: 256, realName: 128, stdNumber: 64 } as const;
const required = msg`A value is required`;

/** The problems of a row on its own, without the database. */
const cellProblems = (row: SheetRow): [UserSheetColumn, Message | null][] => [
  ['userName', row.userName === undefined ? required : userNameRefusal(row.userName)],
  [
    'email',
    row.email === undefined
      ? required
      : row.email.length > longest.email || !isEmail.Check(row.email)
        ? msg`Not a valid e-mail address`
        : null,
  ],
  ['password', row.password === undefined ? null : passwordProblem(row.password)],
  ...(['realName', 'stdNumber'] as const).map((column): [UserSheetColumn, Message | null] => [
    column,
    (row[column]?.length ?? 0) > longest[column] ? msg`At most ${longest[column]} characters` : null,
  ]),
  ['phone', row.phone === undefined || isPhone.Check(row.phone) ? null : msg`Not a valid phone number`],
  ['team', row.team === undefined ? null : teamNameRefusal(row.team)],
];

/** Whether `patch` (its given fields) differs from what `user` has. */
const changes = (user: User, patch: UserPatch): boolean =>
  Object.entries(patch).some(([field, value]) => value !== undefined && user[field as keyof User] !== value);

/**
 * Puts each row's user in its team, creating the teams not there yet with their first row's user as captain: a
 * few statements in all, whatever the number of rows.
 */
const joinTeams = async (teams: TeamStore, rows: CheckedRow[], ids: Map<number, string>) => {
  const inTeams = rows.flatMap((row) =>
    row.team ? [{ team: row.team, userId: ids.get(row.row) as string }] : [],
  );
  const known = await teams.byNames(inTeams.map(({ team }) => team));
  const captains = new Map<string, { name: string; captainId: string }>();
  for (const { team, userId } of inTeams)
    if (!known.has(normalize(team)) && !captains.has(normalize(team)))
      captains.set(normalize(team), { name: normalizeName(team), captainId: userId });
  await teams.createMany([...captains.values()]);
  const all = await teams.byNames(inTeams.map(({ team }) => team));
  await teams.addMembers(
    inTeams.map(({ team, userId }) => ({ teamId: (all.get(normalize(team)) as Team).id, userId })),
  );
};

/** Names by key, in the order given. */
const grouped = <K>(pairs: [K, string][]): Map<K, string[]> => {
  const groups = new Map<K, string[]>();
  for (const [key, name] of pairs) {
    const names = groups.get(key);
    if (names) names.push(name);
    else groups.set(key, [name]);
  }
  return groups;
};

/** A row that passed its checks: the names as stored, and the account its e-mail belongs to, if any. */
interface CheckedRow extends SheetRow {
  userName: string;
  email: string;
  existing: User | undefined;
}

export class UserImportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessions: SessionStore,
    private readonly fields: RegistrationFieldService,
  ) {}

  /** Checks the rows and, unless `dryRun` or a row has a problem, imports them all in one transaction. */
  async import(rows: SheetRow[], dryRun: boolean): Promise<ImportOutcome> {
    const problems: RowProblem[] = [];
    const add = (row: number, column: string, message: Text) => problems.push({ row, column, message });
    const firstRowOf = { userName: new Map<string, number>(), email: new Map<string, number>() };
    const fields = await this.fields.definitions();
    for (const row of rows) {
      for (const [column, problem] of cellProblems(row)) if (problem) add(row.row, column, problem);
      // A blank cell leaves the value as it is, as an admin's edit that leaves a field out.
      const checked = row.fields && checkValues(fields, row.fields, 'admin');
      if (checked && 'problem' in checked) add(row.row, checked.key, checked.problem);
      for (const column of ['userName', 'email'] as const) {
        const value = row[column];
        if (value === undefined) continue;
        const first = firstRowOf[column].get(normalize(value));
        if (first === undefined) firstRowOf[column].set(normalize(value), row.row);
        else add(row.row, column, msg`Row ${first} has the same value`);
      }
    }
    const valid = rows.filter((row) => !problems.some((problem) => problem.row === row.row));
    const checked = await this.matchAccounts(valid, add);
    const teams = await new TeamStore(this.db).byNames(
      checked.flatMap((row) => (row.team ? [row.team] : [])),
    );
    const newTeams = new Set(
      checked.flatMap((row) => (row.team && !teams.has(normalize(row.team)) ? [normalize(row.team)] : [])),
    );
    const outcome: ImportOutcome = {
      rows: rows.length,
      created: checked.filter((row) => !row.existing).length,
      updated: checked.filter((row) => row.existing).length,
      teamsCreated: newTeams.size,
      problems: problems.sort((a, b) => a.row - b.row),
      passwords: [],
    };
    if (dryRun || problems.length > 0) return outcome;
    return { ...outcome, passwords: await this.write(checked) };
  }

  /**
   * Each row with the account its e-mail belongs to; a problem for a row whose user name another account holds.
   * Names and addresses are looked up a few hundred at a time.
   */
  private async matchAccounts(
    rows: SheetRow[],
    add: (row: number, column: string, message: Text) => void,
  ): Promise<CheckedRow[]> {
    const named = rows.map((row) => ({
      ...row,
      userName: normalizeName(row.userName as string),
      email: row.email as string,
    }));
    const found = await new UserStore(this.db).byNormalizedNamesOrEmails(
      named.map((row) => normalize(row.userName)),
      named.map((row) => normalize(row.email)),
    );
    const byEmail = new Map(found.map((user) => [normalize(user.email), user]));
    const byName = new Map(found.map((user) => [normalize(user.userName), user]));
    const checked: CheckedRow[] = [];
    for (const row of named) {
      const existing = byEmail.get(normalize(row.email));
      const holder = byName.get(normalize(row.userName));
      if (holder && holder.id !== existing?.id)
        add(row.row, 'userName', msg`Another account has this user name`);
      else checked.push({ ...row, existing });
    }
    return checked;
  }

  /** Writes the checked rows in one transaction; answers the passwords it generated. */
  private async write(rows: CheckedRow[]): Promise<GeneratedPassword[]> {
    const generated: GeneratedPassword[] = [];
    // Hashing is slow: it happens before the transaction holds the database. A user already there keeps the
    // password unless the sheet gives one.
    const hashes = await Promise.all(
      rows.map((row) => {
        if (row.password !== undefined) return hashPassword(row.password);
        if (row.existing) return undefined;
        const password = generatePassword();
        generated.push({ row: row.row, userName: row.userName, email: row.email, password });
        return hashGeneratedPassword(password);
      }),
    );
    const details = (row: CheckedRow) => ({
      realName: row.realName,
      stdNumber: row.stdNumber,
      phone: row.phone,
      emailConfirmed: true,
    });
    const passwordChanged: string[] = [];
    await this.db.transaction().execute(async (trx) => {
      const users = new UserStore(trx);
      const fresh = rows.flatMap((row, index) =>
        row.existing ? [] : [{ row, hash: hashes[index] as string }],
      );
      const freshIds = await users
        .createMany(
          fresh.map(({ row, hash }) => ({
            ...details(row),
            userName: row.userName,
            email: row.email,
            passwordHash: hash,
            role: 'User',
          })),
          Date.now(),
        )
        .catch((err: unknown) => nameOrEmailTaken(err, 'a row'));
      const ids = new Map(fresh.map(({ row }, index) => [row.row, freshIds[index] as string]));
      for (const [index, row] of rows.entries()) {
        if (!row.existing) continue;
        const { id } = row.existing;
        ids.set(row.row, id);
        const patch = { ...details(row), userName: row.userName, email: row.email };
        // A sheet imported again changes nobody: only the users whose details differ are written.
        if (changes(row.existing, patch))
          await users.update(id, patch).catch((err: unknown) => nameOrEmailTaken(err, row.userName));
        const hash = hashes[index];
        if (hash === undefined) continue;
        // A new password ends the old sessions, as the admin's reset does: with the import, or not at all.
        await users.setPassword(id, hash);
        await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
        passwordChanged.push(id);
      }
      await joinTeams(new TeamStore(trx), rows, ids);
      await this.fields.writeMany(
        rows.flatMap((row) => (row.fields ? [[ids.get(row.row) as string, row.fields] as const] : [])),
        trx,
      );
    });
    for (const id of passwordChanged) this.sessions.userChanged(id);
    return generated;
  }

  /**
   * Every user in registration order, in the import's columns (no password), with the names of their teams, then a
   * column per registration field, named by its key.
   */
  async exportUsers(): Promise<string[][]> {
    const users = await this.db
      .selectFrom('users')
      .select(['id', 'user_name', 'email', 'real_name', 'std_number', 'phone'])
      .orderBy('register_time_utc')
      .orderBy('id')
      .execute();
    const memberships = await this.db
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .select(['team_members.user_id', 'teams.name'])
      .orderBy('teams.id')
      .execute();
    const teamsOf = grouped(memberships.map((m) => [m.user_id, m.name]));
    const columns = userSheetColumns.filter((column) => column !== 'password');
    const keys = (await this.fields.definitions()).map((field) => field.key);
    const values = await this.fields.valuesOf(users.map((user) => user.id));
    return [
      [...columns, ...keys],
      ...users.map((user) => [
        user.user_name,
        user.email,
        user.real_name,
        user.std_number,
        user.phone ?? '',
        // One team is what the import reads; a user of several has them listed, one per line.
        (teamsOf.get(user.id) ?? []).join('\n'),
        ...keys.map((key) => values.get(user.id)?.[key] ?? ''),
      ]),
    ];
  }

  /** Every team by id: name, captain, members (one per line, the captain first), bio and whether it is locked. */
  async exportTeams(): Promise<string[][]> {
    const teams = await this.db
      .selectFrom('teams')
      .innerJoin('users', 'users.id', 'teams.captain_id')
      .select(['teams.id', 'teams.name', 'teams.bio', 'teams.locked', 'users.user_name as captain'])
      .orderBy('teams.id')
      .execute();
    const members = await this.db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select(['team_members.team_id', 'users.user_name'])
      .orderBy('users.register_time_utc')
      .execute();
    const membersOf = grouped(members.map((m) => [m.team_id, m.user_name]));
    return [
      ['team', 'captain', 'members', 'bio', 'locked'],
      ...teams.map((team) => [
        team.name,
        team.captain,
        [team.captain, ...(membersOf.get(team.id) ?? []).filter((name) => name !== team.captain)].join('\n'),
        team.bio ?? '',
        team.locked === 1 ? 'true' : 'false',
      ]),
    ];
  }
}
