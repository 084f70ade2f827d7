// What a user can sign in with, and the rules that follow: which second factors it has, whether its role must have
// one, whether passwords sign in at all, and whether a change would leave the user (or every admin) without a way in.
import type {
  LinkedIdentity,
  Role,
  SecondFactor,
  SignInMethodsOfUser,
  SignInPolicy,
} from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ConfigStore } from './config-store.ts';
import type { Identities } from './identities.ts';
import { buttonOf, type OidcProvider, type OidcProviders } from './oidc-providers.ts';
import type { PasskeyStore } from './passkeys.ts';
import type { RecoveryCodes } from './recovery-codes.ts';
import type { TotpStore } from './totp.ts';
import type { User } from './users.ts';

/** Roles an admin may require a second factor of. */
const guardedRoles: ReadonlySet<Role> = new Set(['Admin', 'Monitor']);

/** A user's own methods, as counted for "is there still a way in". */
export interface WaysIn {
  hasPassword: boolean;
  passkeys: number;
  /** Providers the user has an identity at. */
  providers: string[];
}

/** What a change would leave: the policy and the enabled providers after it. */
export interface Setting {
  policy: SignInPolicy;
  enabledProviders: string[];
}

export const hasPassword = (user: Pick<User, 'passwordHash'>): boolean => user.passwordHash !== '';

/** Passwords sign in unless an admin turned them off while a provider is enabled. */
export const passwordsSignIn = ({ policy, enabledProviders }: Setting): boolean =>
  policy.passwordSignIn || enabledProviders.length === 0;

/** Whether the user could still sign in under `setting` with `ways`. */
export const canSignIn = (ways: WaysIn, setting: Setting): boolean =>
  (ways.hasPassword && passwordsSignIn(setting)) ||
  ways.passkeys > 0 ||
  ways.providers.some((id) => setting.enabledProviders.includes(id));

export class UserMethods {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: ConfigStore,
    readonly providers: OidcProviders,
    readonly identities: Identities,
    readonly passkeys: PasskeyStore,
    readonly totp: TotpStore,
    readonly recoveryCodes: RecoveryCodes,
  ) {}

  async setting(): Promise<Setting> {
    const [policy, enabled] = await Promise.all([this.config.signInPolicy(), this.providers.enabled()]);
    return { policy, enabledProviders: enabled.map((provider) => provider.id) };
  }

  async passwordsSignIn(): Promise<boolean> {
    return passwordsSignIn(await this.setting());
  }

  /** The second factors the user has. */
  async factors(userId: string): Promise<SecondFactor[]> {
    const [totp, passkeys, codes] = await Promise.all([
      this.totp.has(userId),
      this.passkeys.list(userId),
      this.recoveryCodes.count(userId),
    ]);
    return [
      ...(totp ? (['Totp'] as const) : []),
      ...(passkeys.length > 0 ? (['Passkey'] as const) : []),
      ...(codes > 0 ? (['RecoveryCode'] as const) : []),
    ];
  }

  /** Whether the user's role must have a second factor under the current policy. */
  async secondFactorRequired(role: Role): Promise<boolean> {
    return guardedRoles.has(role) && (await this.config.signInPolicy()).requireSecondFactor;
  }

  /** Whether the user has a second factor that proves something (recovery codes alone don't count). */
  static enrolled(factors: SecondFactor[]): boolean {
    return factors.includes('Totp') || factors.includes('Passkey');
  }

  async waysIn(user: User): Promise<WaysIn> {
    const [passkeys, identities] = await Promise.all([
      this.passkeys.list(user.id),
      this.identities.ofUser(user.id),
    ]);
    return {
      hasPassword: hasPassword(user),
      passkeys: passkeys.length,
      providers: identities.map((identity) => identity.providerId),
    };
  }

  async ofUser(user: User): Promise<SignInMethodsOfUser> {
    const [totp, codes, passkeys, identities, providers] = await Promise.all([
      this.totp.has(user.id),
      this.recoveryCodes.count(user.id),
      this.passkeys.list(user.id),
      this.identities.ofUser(user.id),
      this.providers.all(),
    ]);
    const byId = new Map(providers.map((provider) => [provider.id, provider]));
    return {
      hasPassword: hasPassword(user),
      totp,
      recoveryCodes: codes,
      passkeys,
      identities: identities.map(
        (identity): LinkedIdentity => ({
          provider: byId.has(identity.providerId)
            ? buttonOf(byId.get(identity.providerId) as OidcProvider)
            : { id: identity.providerId, name: identity.providerId, iconUrl: null },
          email: identity.email,
          linkedAt: identity.linkedAt,
          lastUsedAt: identity.lastUsedAt,
        }),
      ),
    };
  }

  /** Every admin's ways in, for checking that a change leaves one of them able to sign in. */
  async adminsWaysIn(): Promise<WaysIn[]> {
    const admins = await this.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('role', '=', 'Admin')
      .execute();
    const adminIds = this.db.selectFrom('users').select('id').where('role', '=', 'Admin');
    const [passkeys, identities] = await Promise.all([
      this.db.selectFrom('passkeys').select('user_id').where('user_id', 'in', adminIds).execute(),
      this.db
        .selectFrom('user_identities')
        .select(['user_id', 'provider_id'])
        .where('user_id', 'in', adminIds)
        .execute(),
    ]);
    return admins.map((admin) => ({
      hasPassword: admin.password_hash !== '',
      passkeys: passkeys.filter((row) => row.user_id === admin.id).length,
      providers: identities.filter((row) => row.user_id === admin.id).map((row) => row.provider_id),
    }));
  }

  /** Removes the user's authenticator app, recovery codes and passkeys at once. */
  async resetSecondFactor(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.totp.remove(userId, trx);
      await this.recoveryCodes.remove(userId, trx);
      await this.passkeys.removeAll(userId, trx);
    });
  }
}
