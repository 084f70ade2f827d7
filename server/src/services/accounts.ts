// The rules of the account group (§2.1, §4.14): sign-up policy, sign-in checks, profile and password changes.
import type {
  LoginModel,
  PasswordChangeModel,
  ProfileUpdateModel,
  ProfileUserInfoModel,
  RegisterModel,
  RegisterStatus,
} from '@pennon/sdk/contract';
import { HttpError } from '../http/http-error.ts';
import type { ConfigStore } from './config-store.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import type { SessionStore } from './sessions.ts';
import { isUniqueViolation, toProfile, type User, type UserStore } from './users.ts';

export interface Registration {
  status: RegisterStatus;
  title: string;
  user: User;
}

const badCredentials = 'The user name or password is incorrect';

const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** `emailDomainList` is comma-separated exact domains; empty allows any. */
const domainAllowed = (list: string, email: string): boolean => {
  const domains = list
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
  return domains.length === 0 || domains.includes(domainOf(email));
};

const requireStrong = (password: string): void => {
  const problem = passwordProblem(password);
  if (problem) throw new HttpError(400, problem);
};

export class AccountService {
  constructor(
    private readonly users: UserStore,
    private readonly config: ConfigStore,
    private readonly sessions: SessionStore,
  ) {}

  async register(model: RegisterModel, ip: string): Promise<Registration> {
    const { accountPolicy: policy } = await this.config.read();
    if (!policy.allowRegister) throw new HttpError(400, 'Registration is closed');
    if (!domainAllowed(policy.emailDomainList, model.email)) {
      throw new HttpError(400, `Registration is open only to e-mail addresses of: ${policy.emailDomainList}`);
    }
    if (!policy.activeOnRegister && policy.emailConfirmationRequired) {
      throw new HttpError(
        400,
        'Registration needs e-mail confirmation, which is not available yet (mail support is still to come): ask an administrator',
      );
    }
    requireStrong(model.password);
    if (await this.users.nameTaken(model.userName)) {
      throw new HttpError(400, `The user name "${model.userName}" is already taken`);
    }
    if (await this.users.emailTaken(model.email)) {
      throw new HttpError(400, 'An account with this e-mail address already exists');
    }
    const user = await this.users
      .create({
        userName: model.userName,
        email: model.email,
        passwordHash: await hashPassword(model.password),
        role: 'User',
        emailConfirmed: policy.activeOnRegister,
        ip,
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err))
          throw new HttpError(400, 'The user name or e-mail address is already taken');
        throw err;
      });
    return policy.activeOnRegister
      ? { status: 'LoggedIn', title: 'Registered and signed in', user }
      : {
          status: 'AdminConfirmationRequired',
          title: 'Registered: an administrator must activate the account before you can sign in',
          user,
        };
  }

  /** The user a login names, when the password matches and the account may sign in. */
  async login(model: LoginModel): Promise<User> {
    const user = await this.users.byNameOrEmail(model.userName);
    if (!user || !(await verifyPassword(user.passwordHash, model.password))) {
      throw new HttpError(401, badCredentials);
    }
    if (!user.emailConfirmed) throw new HttpError(401, 'This account is not activated yet');
    if (user.role === 'Banned') throw new HttpError(401, 'This account is banned');
    return user;
  }

  async profile(userId: string): Promise<ProfileUserInfoModel> {
    return toProfile(await this.existing(userId));
  }

  async updateProfile(userId: string, model: ProfileUpdateModel): Promise<void> {
    if (model.userName != null && (await this.users.nameTaken(model.userName, userId))) {
      throw new HttpError(400, `The user name "${model.userName}" is already taken`);
    }
    await this.users
      .update(userId, {
        userName: model.userName ?? undefined,
        bio: model.bio ?? undefined,
        phone: model.phone ?? undefined,
        realName: model.realName ?? undefined,
        stdNumber: model.stdNumber ?? undefined,
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err))
          throw new HttpError(400, `The user name "${model.userName}" is already taken`);
        throw err;
      });
  }

  /** Other devices signed in with the old password are signed out; the current session stays. */
  async changePassword(
    userId: string,
    model: PasswordChangeModel,
    currentSessionId: string | null,
  ): Promise<void> {
    const user = await this.existing(userId);
    if (!(await verifyPassword(user.passwordHash, model.old))) {
      throw new HttpError(400, 'The current password is incorrect');
    }
    requireStrong(model.new);
    await this.users.setPassword(userId, await hashPassword(model.new));
    await this.sessions.revokeOthers(userId, currentSessionId);
  }

  private async existing(userId: string): Promise<User> {
    const user = await this.users.byId(userId);
    if (!user) throw new HttpError(401, 'Not signed in');
    return user;
  }
}
