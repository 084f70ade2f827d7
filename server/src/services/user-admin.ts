// What an admin does to accounts (§2.2): list and search, batch import (with teams), edit, reset, delete.
import {
  type AdminUserInfoModel,
  type ArrayResponse,
  normalizeName,
  type ProfileUserInfoModel,
  type UserCreateModel,
  type UserInfoModel,
} from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { msg } from '../i18n/message.ts';
import { acceptUserName, teamNameRefusal, userNameRefusal } from './names.ts';
import { generateResetPassword, hashPassword, passwordProblem } from './passwords.ts';
import type { RegistrationFieldService } from './registration-fields.ts';
import type { SessionStore } from './sessions.ts';
import { TeamStore } from './team-store.ts';
import { avatarUrl, type FieldFilter, isUniqueViolation, toProfile, type User, UserStore } from './users.ts';

const searchLimit = 30;

const toUserInfo = (user: User): UserInfoModel => ({
  id: user.id,
  userName: user.userName,
  realName: user.realName,
  stdNumber: user.stdNumber,
  phone: user.phone,
  bio: user.bio,
  registerTimeUtc: user.registerTimeUtc,
  lastVisitedUtc: user.lastVisitedUtc,
  ip: user.ip,
  email: user.email,
  avatar: avatarUrl(user.avatarHash),
  role: user.role,
  emailConfirmed: user.emailConfirmed,
});

/** A unique violation as the 400 it is: a name or e-mail address another account took meanwhile. */
export const nameOrEmailTaken = (err: unknown, what: string): never => {
  if (isUniqueViolation(err))
    throw new DomainError(400, msg`The user name or e-mail of ${what} is already taken`);
  throw err;
};

export class UserAdminService {
  private readonly users: UserStore;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sessions: SessionStore,
    private readonly fields: RegistrationFieldService,
  ) {
    this.users = new UserStore(db);
  }

  async page(count: number, skip: number, filter?: FieldFilter): Promise<ArrayResponse<UserInfoModel>> {
    const data = await this.infos(await this.users.page(count, skip, filter));
    return { data, length: data.length, total: await this.users.count(filter) };
  }

  async search(hint: string): Promise<ArrayResponse<UserInfoModel>> {
    const data = await this.infos(await this.users.search(hint, searchLimit));
    return { data, length: data.length, total: data.length };
  }

  /** The wire shape, with each user's registration fields while any are defined. */
  private async infos(users: User[]): Promise<UserInfoModel[]> {
    if (!(await this.fields.any())) return users.map(toUserInfo);
    const values = await this.fields.valuesOf(users.map((user) => user.id));
    return users.map((user) => ({ ...toUserInfo(user), fields: values.get(user.id) ?? {} }));
  }

  /**
   * Creates the users listed, or updates (and resets the password of, ending their sessions) those whose name or
   * e-mail exists.
   * Users sharing a `teamName` join the oldest team of a name that reads the same; when there is none, the first of them
   * creates it as captain. One transaction: the first problem undoes the whole batch.
   */
  async createBatch(given: UserCreateModel[]): Promise<void> {
    for (const model of given) {
      const problem =
        userNameRefusal(model.userName) ??
        (model.teamName ? teamNameRefusal(model.teamName) : null) ??
        passwordProblem(model.password);
      if (problem) throw new DomainError(400, msg`${model.userName}: ${problem}`);
    }
    const models = given.map((model) => ({
      ...model,
      userName: normalizeName(model.userName),
      teamName: model.teamName && normalizeName(model.teamName),
    }));
    // Hashing is slow: it happens before the transaction holds the database.
    const hashes = await Promise.all(models.map((model) => hashPassword(model.password)));
    // New users register a millisecond apart, in the list's order: lists in registration order then show them as the
    // file had them, where a shared instant would leave the order to their random ids.
    const registered = Date.now();
    // Users that were there before: their names and passwords changed.
    const updated: string[] = [];
    await this.db.transaction().execute(async (trx) => {
      const users = new UserStore(trx);
      const teams = new TeamStore(trx);
      for (const [index, model] of models.entries()) {
        const passwordHash = hashes[index] as string;
        const details = {
          userName: model.userName,
          email: model.email,
          realName: model.realName ?? undefined,
          stdNumber: model.stdNumber ?? undefined,
          phone: model.phone ?? undefined,
          emailConfirmed: true,
        };
        const existing = await users.byNameOrEmailOf(model.userName, model.email);
        const user =
          existing ??
          (await users
            .create(
              {
                userName: model.userName,
                email: model.email,
                passwordHash,
                role: 'User',
                emailConfirmed: true,
              },
              registered + index,
            )
            .catch((err: unknown) => nameOrEmailTaken(err, model.userName)));
        await users.update(user.id, details).catch((err: unknown) => nameOrEmailTaken(err, model.userName));
        if (existing) {
          // A new password ends the old sessions, as the admin's reset does: with the import, or not at all.
          await users.setPassword(user.id, passwordHash);
          await trx.deleteFrom('sessions').where('user_id', '=', existing.id).execute();
          updated.push(existing.id);
        }
        if (model.teamName) {
          const team = await teams.byName(model.teamName);
          if (team) await teams.addMember(team.id, user.id);
          else await teams.create({ name: model.teamName, bio: null, captainId: user.id });
        }
      }
    });
    for (const id of updated) this.sessions.userChanged(id);
  }

  async profile(id: string): Promise<ProfileUserInfoModel> {
    return this.fields.withValues(toProfile(await this.existing(id)));
  }

  /** Null fields keep their values. A new role or name applies to the user's next request, on every server. */
  async update(id: string, model: AdminUserInfoModel): Promise<void> {
    await this.existing(id);
    const userName = model.userName == null ? undefined : acceptUserName(model.userName);
    if (userName !== undefined && (await this.users.nameTaken(userName, id))) {
      throw new DomainError(400, msg`The user name "${userName}" is already taken`);
    }
    const values = await this.fields.accept(model.fields, 'admin');
    await this.users
      .update(id, {
        userName,
        email: model.email ?? undefined,
        bio: model.bio ?? undefined,
        phone: model.phone ?? undefined,
        realName: model.realName ?? undefined,
        stdNumber: model.stdNumber ?? undefined,
        emailConfirmed: model.emailConfirmed ?? undefined,
        role: model.role ?? undefined,
      })
      .catch((err: unknown) => nameOrEmailTaken(err, 'this user'));
    await this.fields.write(id, values);
    this.sessions.userChanged(id);
  }

  /** Answers the new password; the user's sessions end, as after any password reset. */
  async resetPassword(id: string): Promise<string> {
    await this.existing(id);
    const password = generateResetPassword();
    await this.users.setPassword(id, await hashPassword(password));
    await this.sessions.revokeOthers(id, null);
    return password;
  }

  async delete(callerId: string, id: string): Promise<void> {
    if (id === callerId) throw new DomainError(400, 'You cannot delete your own account');
    await this.existing(id);
    if ((await new TeamStore(this.db).captaincies(id)) > 0) {
      throw new DomainError(400, 'The user captains a team: transfer or delete it first');
    }
    await this.users.delete(id);
    this.sessions.userChanged(id);
  }

  private async existing(id: string): Promise<User> {
    const user = await this.users.byId(id);
    if (!user) throw new DomainError(404, 'User not found');
    return user;
  }
}
