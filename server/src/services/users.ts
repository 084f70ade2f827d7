// The users table behind a small typed API: rows become `User`s, names and e-mails are matched case-insensitively.
import { randomBytes, randomUUID } from 'node:crypto';
import type { ProfileUserInfoModel, Role } from '@pennon/sdk/contract';
import type { Kysely, Selectable } from 'kysely';
import { chunksOf } from '../db/chunks.ts';
import { containsText } from '../db/like.ts';
import type { Database, UsersTable } from '../db/schema.ts';

export interface User {
  id: string;
  userName: string;
  email: string;
  passwordHash: string;
  role: Role;
  emailConfirmed: boolean;
  bio: string;
  phone: string | null;
  realName: string;
  stdNumber: string;
  avatarHash: string | null;
  registerTimeUtc: number;
  lastVisitedUtc: number;
  ip: string;
  /** Rotated by password and e-mail changes; mailed account tokens are bound to it. */
  securityStamp: string;
}

export interface NewUser {
  userName: string;
  email: string;
  passwordHash: string;
  role: Role;
  emailConfirmed: boolean;
  ip?: string;
  realName?: string;
  stdNumber?: string;
  phone?: string | null;
}

export type UserPatch = Partial<
  Pick<User, 'userName' | 'email' | 'bio' | 'phone' | 'realName' | 'stdNumber' | 'emailConfirmed' | 'role'>
>;

/** Where an uploaded avatar (of a user or a team) is served. */
export const avatarUrl = (hash: string | null): string | null => (hash ? `/assets/${hash}/avatar` : null);

export const toProfile = (user: User): ProfileUserInfoModel => ({
  userId: user.id,
  role: user.role,
  userName: user.userName,
  email: user.email,
  bio: user.bio,
  phone: user.phone,
  realName: user.realName,
  stdNumber: user.stdNumber,
  avatar: avatarUrl(user.avatarHash),
});

/** Users whose registration field `key` contains `value` (in any letter case). */
export interface FieldFilter {
  key: string;
  value: string;
}

/** The columns an admin search looks into. */
const searchedColumns = ['user_name', 'std_number', 'email', 'phone', 'id', 'real_name'];

/** The key that makes `Alice` and `ALICE` one name (as ASP.NET Identity normalizes). */
export const normalize = (value: string): string => value.normalize('NFKC').toUpperCase();

const newStamp = () => randomBytes(16).toString('hex');

const newUserRow = (user: NewUser, now: number) => ({
  id: randomUUID(),
  user_name: user.userName,
  normalized_user_name: normalize(user.userName),
  email: user.email,
  normalized_email: normalize(user.email),
  password_hash: user.passwordHash,
  role: user.role,
  email_confirmed: user.emailConfirmed ? 1 : 0,
  register_time_utc: now,
  last_visited_utc: now,
  ip: user.ip ?? '0.0.0.0',
  security_stamp: newStamp(),
  // Every column named, so that the rows of one multi-row statement have the same.
  real_name: user.realName ?? '',
  std_number: user.stdNumber ?? '',
  phone: user.phone ?? null,
});

const toUser = (row: Selectable<UsersTable>): User => ({
  id: row.id,
  userName: row.user_name,
  email: row.email,
  passwordHash: row.password_hash,
  role: row.role,
  emailConfirmed: row.email_confirmed === 1,
  bio: row.bio,
  phone: row.phone,
  realName: row.real_name,
  stdNumber: row.std_number,
  avatarHash: row.avatar_hash,
  registerTimeUtc: row.register_time_utc,
  lastVisitedUtc: row.last_visited_utc,
  ip: row.ip,
  securityStamp: row.security_stamp,
});

/** SQLite and PostgreSQL report a unique-index violation differently. */
export const isUniqueViolation = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

export class UserStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, with this store bound to it: all of its writes commit or none do. */
  transaction<T>(work: (users: UserStore, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new UserStore(trx), trx));
  }

  async byId(id: string): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toUser(row);
  }

  /** A user by name, else by e-mail: the login field takes either. */
  async byNameOrEmail(login: string): Promise<User | undefined> {
    const key = normalize(login);
    const byName = await this.db
      .selectFrom('users')
      .selectAll()
      .where('normalized_user_name', '=', key)
      .executeTakeFirst();
    const row =
      byName ??
      (await this.db.selectFrom('users').selectAll().where('normalized_email', '=', key).executeTakeFirst());
    return row && toUser(row);
  }

  /** The user holding this name or this e-mail (the name wins when they are two different users). */
  async byNameOrEmailOf(userName: string, email: string): Promise<User | undefined> {
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('normalized_user_name', '=', normalize(userName)),
          eb('normalized_email', '=', normalize(email)),
        ]),
      )
      .execute();
    const row = rows.find((r) => r.normalized_user_name === normalize(userName)) ?? rows[0];
    return row && toUser(row);
  }

  /** The users, or those `filter` keeps. */
  private among(filter: FieldFilter | undefined) {
    const users = this.db.selectFrom('users');
    if (!filter) return users;
    const matching = this.db
      .selectFrom('user_fields')
      .select('user_id')
      .where('key', '=', filter.key)
      .where(containsText('value', filter.value));
    return users.where('id', 'in', matching);
  }

  /** A page in registration order; ids (random GUIDs) only break ties. */
  async page(count: number, skip: number, filter?: FieldFilter): Promise<User[]> {
    const rows = await this.among(filter)
      .selectAll()
      .orderBy('register_time_utc')
      .orderBy('id')
      .limit(count)
      .offset(skip)
      .execute();
    return rows.map(toUser);
  }

  async count(filter?: FieldFilter): Promise<number> {
    const { total } = await this.among(filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return total;
  }

  /** Users with the hint in any of their searched fields, in registration order. */
  async search(hint: string, limit: number): Promise<User[]> {
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or(searchedColumns.map((column) => containsText(column, hint))))
      .orderBy('register_time_utc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toUser);
  }

  /**
   * Whether another user already has this name (in any letter case), or has it as e-mail address: sign-in takes
   * either, and would reach the name's holder with the other account's address.
   */
  async nameTaken(userName: string, exceptId?: string): Promise<boolean> {
    const key = normalize(userName);
    let query = this.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('normalized_user_name', '=', key), eb('normalized_email', '=', key)]));
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async byEmail(email: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('normalized_email', '=', normalize(email))
      .executeTakeFirst();
    return row && toUser(row);
  }

  async emailTaken(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('normalized_email', '=', normalize(email))
      .executeTakeFirst();
    return row !== undefined;
  }

  async hasRole(role: Role): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('role', '=', role).executeTakeFirst();
    return row !== undefined;
  }

  /** Inserts a user; a name or e-mail taken meanwhile surfaces as a unique violation (see `isUniqueViolation`). */
  async create(user: NewUser, now = Date.now()): Promise<User> {
    const row = newUserRow(user, now);
    await this.db.insertInto('users').values(row).execute();
    return (await this.byId(row.id)) as User;
  }

  /**
   * Inserts users registered a millisecond apart from `now`, in the list's order, a few hundred per statement;
   * answers their ids in that order.
   */
  async createMany(users: NewUser[], now: number): Promise<string[]> {
    const rows = users.map((user, index) => newUserRow(user, now + index));
    for (const some of chunksOf(rows)) await this.db.insertInto('users').values(some).execute();
    return rows.map((row) => row.id);
  }

  /** The users holding any of these normalized names or e-mail addresses (see `normalize`). */
  async byNormalizedNamesOrEmails(names: string[], emails: string[]): Promise<User[]> {
    const found = new Map<string, User>();
    for (const [column, keys] of [
      ['normalized_user_name', names],
      ['normalized_email', emails],
    ] as const)
      for (const some of chunksOf(keys)) {
        const rows = await this.db.selectFrom('users').selectAll().where(column, 'in', some).execute();
        for (const row of rows) found.set(row.id, toUser(row));
      }
    return [...found.values()];
  }

  /** Changes the fields given; null or absent ones keep their values. */
  async update(id: string, patch: UserPatch): Promise<void> {
    const values = {
      ...(patch.userName != null && {
        user_name: patch.userName,
        normalized_user_name: normalize(patch.userName),
      }),
      ...(patch.email != null && { email: patch.email, normalized_email: normalize(patch.email) }),
      ...(patch.bio != null && { bio: patch.bio }),
      ...(patch.phone != null && { phone: patch.phone }),
      ...(patch.realName != null && { real_name: patch.realName }),
      ...(patch.stdNumber != null && { std_number: patch.stdNumber }),
      ...(patch.emailConfirmed != null && { email_confirmed: patch.emailConfirmed ? 1 : 0 }),
      ...(patch.role != null && { role: patch.role }),
    };
    if (Object.keys(values).length > 0)
      await this.db.updateTable('users').set(values).where('id', '=', id).execute();
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, security_stamp: newStamp() })
      .where('id', '=', id)
      .execute();
  }

  /** The e-mail address was proven by a mailed link: the account is active from now on. */
  async confirm(id: string, now = Date.now()): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ email_confirmed: 1, register_time_utc: now, last_visited_utc: now })
      .where('id', '=', id)
      .execute();
  }

  /** A new address, proven by a mailed link; links sent before are void. */
  async changeEmail(id: string, email: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ email, normalized_email: normalize(email), security_stamp: newStamp() })
      .where('id', '=', id)
      .execute();
  }

  /** A sign-up taking over a never-confirmed account: its name and password, and new links only. */
  async restartRegistration(id: string, userName: string, passwordHash: string, ip: string): Promise<User> {
    const now = Date.now();
    await this.db
      .updateTable('users')
      .set({
        user_name: userName,
        normalized_user_name: normalize(userName),
        password_hash: passwordHash,
        security_stamp: newStamp(),
        register_time_utc: now,
        last_visited_utc: now,
        ip,
      })
      .where('id', '=', id)
      .where('email_confirmed', '=', 0)
      .execute();
    return (await this.byId(id)) as User;
  }

  /** Sessions and team memberships go with the user (foreign-key cascades). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}
