// The rules of the account group (§2.1, §4.14): sign-up policy, sign-in checks, the mailed flows, profile and password.
import {
  type AccountPolicy,
  type AccountVerifyModel,
  configDefaults,
  type LoginModel,
  type MailChangeModel,
  type PasswordChangeModel,
  type PasswordResetModel,
  type ProfileUpdateModel,
  type ProfileUserInfoModel,
  type RecoveryModel,
  type RegisterModel,
  type RegisterStatus,
} from '@pennon/sdk/contract';
import type { Captcha } from '../captcha/captcha.ts';
import { DomainError } from '../errors/domain-error.ts';
import { msg, type Text } from '../i18n/message.ts';
import { type AccountMails, fromBase64 } from './account-mails.ts';
import type { ConfigStore } from './config-store.ts';
import { acceptUserName } from './names.ts';
import { hashPassword, passwordProblem, verifyPassword, verifyUnknownUser } from './passwords.ts';
import type { RegistrationFieldService } from './registration-fields.ts';
import type { NewSession, SessionStore } from './sessions.ts';
import { isUniqueViolation, toProfile, type User, type UserStore } from './users.ts';

export interface Registration {
  status: RegisterStatus;
  title: Text;
  user: User;
  /** The session a sign-up that signs in opened, committed with its user. */
  session?: NewSession;
}

/** Who asked, as far as the account rules care: the address to count and the origin for mailed links. */
export interface RequestContext {
  ip: string;
  /** `{scheme}://{host}` of the request: a mailed link's origin only when PENNON_PUBLIC_URL is unset (loopback). */
  origin: string;
  /** Kept with a session a sign-up opens. */
  userAgent: string;
}

/** §4.15: the platform's display name, the configured title as it is (GZ::CTF would append "::CTF"). */
const platformName = (title: string): string => title || configDefaults.title;

/** Never signed in since it was created: nobody has used the account. */
const isPristine = (user: User): boolean =>
  !user.emailConfirmed && user.lastVisitedUtc === user.registerTimeUtc;

const badCredentials = msg`The user name or password is incorrect`;

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
  if (problem) throw new DomainError(400, problem);
};

export class AccountService {
  constructor(
    private readonly users: UserStore,
    private readonly config: ConfigStore,
    private readonly sessions: SessionStore,
    private readonly captcha: Captcha,
    private readonly mails: AccountMails,
    private readonly fields: RegistrationFieldService,
  ) {}

  async register(given: RegisterModel, request: RequestContext): Promise<Registration> {
    const { accountPolicy: policy, globalConfig } = await this.config.read();
    if (!policy.allowRegister) throw new DomainError(400, 'Registration is closed');
    await this.captcha.require(given.challenge, request.ip);
    const model = { ...given, userName: acceptUserName(given.userName) };
    if (!domainAllowed(policy.emailDomainList, model.email)) {
      throw new DomainError(
        400,
        msg`Registration is open only to e-mail addresses of: ${policy.emailDomainList}`,
      );
    }
    requireStrong(model.password);
    const values = await this.fields.accept(model.fields, 'register');
    const byMail = !policy.activeOnRegister && policy.emailConfirmationRequired;
    const linkBase = byMail ? this.mails.linkBase(request.origin) : undefined;
    const existing = await this.users.byEmail(model.email);
    // Someone may have signed up with this address and never confirmed it. Only the mailbox's owner can finish
    // a mailed confirmation, so a new sign-up may take that account over - with its own name and password, and a
    // new security stamp that voids the earlier link (the earlier registrant can't activate the account with a
    // password they chose). Never an account that ever signed in (an admin may have deactivated it), and never
    // when no mail proves ownership (it would hand a pending account to whoever asks).
    const restart = byMail && existing && isPristine(existing) ? existing : undefined;
    if (existing && !restart)
      throw new DomainError(400, 'An account with this e-mail address already exists');
    if (await this.users.nameTaken(model.userName, restart?.id)) {
      throw new DomainError(400, msg`The user name "${model.userName}" is already taken`);
    }
    const passwordHash = await hashPassword(model.password);
    // The user and the session it signs in with are one transaction: a failure leaves neither (nor a name taken).
    const { user, session } = await this.users
      .transaction(async (users, trx) => {
        const user = await (restart
          ? users.restartRegistration(restart.id, model.userName, passwordHash, request.ip)
          : users.create({
              userName: model.userName,
              email: model.email,
              passwordHash,
              role: 'User',
              emailConfirmed: policy.activeOnRegister,
              ip: request.ip,
            }));
        await this.fields.write(user.id, values, trx);
        const session = policy.activeOnRegister
          ? await this.sessions.start(user.id, request, trx)
          : undefined;
        return { user, session };
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err))
          throw new DomainError(400, 'The user name or e-mail address is already taken');
        throw err;
      });
    if (policy.activeOnRegister) {
      return { status: 'LoggedIn', title: msg`Registered and signed in`, user, session };
    }
    if (!linkBase) {
      return {
        status: 'AdminConfirmationRequired',
        title: msg`Registered: an administrator must activate the account before you can sign in`,
        user,
      };
    }
    await this.mails.send('verify', user, user.email, linkBase, platformName(globalConfig.title));
    return {
      status: 'EmailConfirmationRequired',
      title: msg`Registered: follow the link we mailed you to activate the account`,
      user,
    };
  }

  /** Activates the account of a verify link; the caller signs it in. */
  async verify(model: AccountVerifyModel): Promise<User> {
    const email = fromBase64(model.email);
    const user = await this.users.byEmail(email);
    if (!user || user.emailConfirmed)
      throw new DomainError(400, 'This account does not exist or is already active');
    if (!(await this.mails.check('verify', model.token, user, email))) {
      throw new DomainError(401, 'The link is not valid or has expired');
    }
    await this.users.confirm(user.id);
    return user;
  }

  /** Whether `recover` can mail a link to a request from `requestOrigin`: the client hides the way in otherwise. */
  async recoveryByMail(requestOrigin: string): Promise<boolean> {
    const { accountPolicy } = await this.config.read();
    return accountPolicy.emailConfirmationRequired && this.mails.canLink(requestOrigin);
  }

  /** Whether mails with links work for requests from `requestOrigin` (README "Accounts and mail"). */
  mailLinks(requestOrigin: string): boolean {
    return this.mails.canLink(requestOrigin);
  }

  /**
   * Refuses a policy with a switch that cannot take effect: e-mail confirmation (sign-up links, recovery, address
   * changes) where no mailed link could point to the platform, so every one of those would fail.
   */
  requireWorkable(policy: AccountPolicy, requestOrigin: string): void {
    if (policy.emailConfirmationRequired && !this.mails.canLink(requestOrigin)) {
      throw new DomainError(
        400,
        "E-mail confirmation needs the platform's public address for its links: set PENNON_PUBLIC_URL first, or turn it off",
      );
    }
  }

  async recover(model: RecoveryModel, request: RequestContext): Promise<void> {
    await this.captcha.require(model.challenge, request.ip);
    const { accountPolicy: policy, globalConfig } = await this.config.read();
    if (!policy.emailConfirmationRequired) {
      throw new DomainError(400, 'Passwords are not reset by mail here: ask an administrator to reset yours');
    }
    const linkBase = this.mails.linkBase(request.origin);
    const user = await this.users.byEmail(model.email);
    // An unknown or inactive address gets the answer a known one gets: the form tells no one who has an account.
    if (!user?.emailConfirmed) return;
    await this.mails.send('reset', user, user.email, linkBase, platformName(globalConfig.title));
  }

  /** Sets the password of a reset link's account and signs it out everywhere. */
  async resetPassword(model: PasswordResetModel): Promise<User> {
    const email = fromBase64(model.email);
    const user = await this.users.byEmail(email);
    if (!user) throw new DomainError(400, 'No account has this e-mail address');
    if (!(await this.mails.check('reset', model.rToken, user, email))) {
      throw new DomainError(400, 'The link is not valid or has expired');
    }
    requireStrong(model.password);
    await this.users.setPassword(user.id, await hashPassword(model.password));
    await this.sessions.revokeOthers(user.id, null);
    return user;
  }

  /** Mails a confirmation link to the new address; false when the platform doesn't confirm e-mail (§2.1). */
  async changeEmail(userId: string, model: MailChangeModel, request: RequestContext): Promise<boolean> {
    const { accountPolicy: policy, globalConfig } = await this.config.read();
    if (await this.users.emailTaken(model.newMail)) {
      throw new DomainError(400, 'An account with this e-mail address already exists');
    }
    if (!domainAllowed(policy.emailDomainList, model.newMail)) {
      throw new DomainError(
        400,
        msg`Only e-mail addresses of these domains are allowed: ${policy.emailDomainList}`,
      );
    }
    if (!policy.emailConfirmationRequired) return false;
    const linkBase = this.mails.linkBase(request.origin);
    const user = await this.existing(userId);
    await this.mails.send('confirm', user, model.newMail, linkBase, platformName(globalConfig.title));
    return true;
  }

  async confirmEmailChange(userId: string, model: AccountVerifyModel): Promise<string> {
    const email = fromBase64(model.email);
    const user = await this.existing(userId);
    if (!(await this.mails.check('confirm', model.token, user, email))) {
      throw new DomainError(400, 'The link is not valid or has expired');
    }
    await this.users.changeEmail(userId, email).catch((err: unknown) => {
      if (isUniqueViolation(err))
        throw new DomainError(400, 'An account with this e-mail address already exists');
      throw err;
    });
    return email;
  }

  /** The user a login names, when the password matches and the account may sign in. */
  async login(model: LoginModel, ip: string): Promise<User> {
    await this.captcha.require(model.challenge, ip);
    const user = await this.users.byNameOrEmail(model.userName);
    const matches = user
      ? await verifyPassword(user.passwordHash, model.password)
      : await verifyUnknownUser(model.password);
    if (!user || !matches) {
      throw new DomainError(401, badCredentials);
    }
    if (!user.emailConfirmed) throw new DomainError(401, 'This account is not activated yet');
    if (user.role === 'Banned') throw new DomainError(401, 'This account is banned');
    return user;
  }

  async profile(userId: string): Promise<ProfileUserInfoModel> {
    return this.fields.withValues(toProfile(await this.existing(userId)));
  }

  async updateProfile(userId: string, given: ProfileUpdateModel): Promise<void> {
    const model = { ...given, userName: given.userName == null ? null : acceptUserName(given.userName) };
    if (model.userName != null && (await this.users.nameTaken(model.userName, userId))) {
      throw new DomainError(400, msg`The user name "${model.userName}" is already taken`);
    }
    const values = await this.fields.accept(model.fields, 'user', await this.fields.of(userId));
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
          throw new DomainError(400, msg`The user name "${model.userName}" is already taken`);
        throw err;
      });
    await this.fields.write(userId, values);
    // The caller's name is kept with the session.
    if (model.userName != null) this.sessions.userChanged(userId);
  }

  /** Other devices signed in with the old password are signed out; the current session stays. */
  async changePassword(
    userId: string,
    model: PasswordChangeModel,
    currentSessionId: string | null,
  ): Promise<void> {
    const user = await this.existing(userId);
    if (!(await verifyPassword(user.passwordHash, model.old))) {
      throw new DomainError(400, 'The current password is incorrect');
    }
    requireStrong(model.new);
    await this.users.setPassword(userId, await hashPassword(model.new));
    await this.sessions.revokeOthers(userId, currentSessionId);
  }

  private async existing(userId: string): Promise<User> {
    const user = await this.users.byId(userId);
    if (!user) throw new DomainError(401, 'Not signed in');
    return user;
  }
}
