// The admin's side of sign-in: the policy (password sign-in, second factors for Admin and Monitor accounts), the
// OpenID Connect providers, and each user's methods. A change is refused when the admin making it could no longer
// sign in afterwards (password sign-in off with no provider or passkey of their own, their provider disabled…): so
// there is always an admin who can undo it. `pennon signin reset` is the way back when the providers themselves fail.
import type {
  OidcProviderInfo,
  OidcProviderModel,
  SignInPolicy,
  SignInSettings,
  UserSignIn,
} from '@pennon/sdk/contract';
import { DomainError } from '../errors/domain-error.ts';
import type { ConfigStore } from './config-store.ts';
import { redirectUriOf } from './external-sign-in.ts';
import { infoOf, type OidcProvider } from './oidc-providers.ts';
import { canSignIn, type Setting, type UserMethods } from './user-methods.ts';
import type { User, UserStore } from './users.ts';

const lockedOut = () =>
  new DomainError(
    400,
    'You could not sign in after this change: link a provider that stays enabled, or add a passkey, first',
  );

export class SignInAdmin {
  constructor(
    private readonly users: UserStore,
    private readonly config: ConfigStore,
    private readonly methods: UserMethods,
  ) {}

  private info(provider: OidcProvider, origin: string | undefined): OidcProviderInfo {
    return infoOf(provider, origin ? redirectUriOf(origin, provider.id) : null);
  }

  async settings(origin: string | undefined, passkeysAvailable: boolean): Promise<SignInSettings> {
    const [policy, providers] = await Promise.all([this.config.signInPolicy(), this.methods.providers.all()]);
    return { policy, providers: providers.map((p) => this.info(p, origin)), passkeysAvailable };
  }

  /** 400 unless the acting admin could still sign in under the setting `change` makes. */
  private async keepAdmin(adminId: string, change: (setting: Setting) => Setting): Promise<void> {
    const admin = await this.existing(adminId);
    if (!canSignIn(await this.methods.waysIn(admin), change(await this.methods.setting()))) throw lockedOut();
  }

  async updatePolicy(adminId: string, policy: SignInPolicy): Promise<void> {
    await this.keepAdmin(adminId, (setting) => ({ ...setting, policy }));
    await this.config.setSignInPolicy(policy);
  }

  /** The enabled providers once `id` is `enabled` (or gone, with `enabled` false). */
  private static withProvider(setting: Setting, id: string, enabled: boolean): Setting {
    const others = setting.enabledProviders.filter((other) => other !== id);
    return { ...setting, enabledProviders: enabled ? [...others, id] : others };
  }

  async addProvider(adminId: string, model: OidcProviderModel, origin: string | undefined) {
    await this.keepAdmin(adminId, (setting) => SignInAdmin.withProvider(setting, model.id, model.enabled));
    return this.info(await this.methods.providers.add(model), origin);
  }

  async updateProvider(adminId: string, id: string, model: OidcProviderModel, origin: string | undefined) {
    await this.keepAdmin(adminId, (setting) => SignInAdmin.withProvider(setting, id, model.enabled));
    return this.info(await this.methods.providers.update(id, { ...model, id }), origin);
  }

  async removeProvider(adminId: string, id: string): Promise<void> {
    await this.keepAdmin(adminId, (setting) => SignInAdmin.withProvider(setting, id, false));
    await this.methods.providers.remove(id);
  }

  async userMethods(userId: string): Promise<UserSignIn> {
    const user = await this.existing(userId);
    return { userId: user.id, role: user.role, methods: await this.methods.ofUser(user) };
  }

  async resetSecondFactor(userId: string): Promise<User> {
    const user = await this.existing(userId);
    await this.methods.resetSecondFactor(user.id);
    return user;
  }

  async unlinkIdentity(userId: string, providerId: string): Promise<User> {
    const user = await this.existing(userId);
    if (!(await this.methods.identities.unlink(user.id, providerId))) {
      throw new DomainError(404, 'No identity at this provider is linked to the account');
    }
    return user;
  }

  private async existing(userId: string): Promise<User> {
    const user = await this.users.byId(userId);
    if (!user) throw new DomainError(404, 'User not found');
    return user;
  }
}
