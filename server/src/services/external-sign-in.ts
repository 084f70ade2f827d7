// Signing in with an OpenID Connect provider: the round trip (oidc-client.ts does the protocol), then the account.
// An identity already linked signs its account in (its second factor next, as after a password). A first sign-in
// needs an e-mail address the provider verified: it links to the account with that address when the admin allowed
// it for this provider, else it registers a new account (when the provider may create them) or links to an
// existing one proven by its password. Linking from the profile needs the session that started it.
import {
  type ExternalSignIn as ExternalSignInModel,
  type RegistrationFieldValues,
  USER_NAME_MAX,
} from '@pennon/sdk/contract';
import { DomainError } from '../errors/domain-error.ts';
import { msg } from '../i18n/message.ts';
import { acceptUserName, userNameRefusal } from './names.ts';
import { type OidcClient, type ProviderClaims, SignInFailed } from './oidc-client.ts';
import { buttonOf, type OidcProvider } from './oidc-providers.ts';
import { verifyPassword, verifyUnknownUser } from './passwords.ts';
import type { RegistrationFieldService } from './registration-fields.ts';
import { refusalOf, type SignInService, type Step } from './sign-in.ts';
import { attemptsPerFlow, type Flow, type FlowState, type ReturnPath } from './sign-in-flows.ts';
import { hasPassword } from './user-methods.ts';
import { isUniqueViolation, type User, type UserStore } from './users.ts';

/** How a provider's answer ends: a sign-in step, a link made from the profile, or an account to choose. */
export type CallbackOutcome =
  | { kind: 'step'; step: Step; from: ReturnPath }
  | { kind: 'linked'; provider: string }
  | { kind: 'external'; token: string };

type ExternalState = Extract<FlowState, { stage: 'external' }>;

const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The redirect URI registered at a provider: under the platform's public origin, never a request's Host. */
export const redirectUriOf = (origin: string, providerId: string): string =>
  `${origin}/api/signin/oidc/${providerId}/callback`;

export class ExternalSignIn {
  constructor(
    private readonly users: UserStore,
    private readonly signIn: SignInService,
    private readonly oidc: OidcClient,
    private readonly fields: RegistrationFieldService,
  ) {}

  private get flows() {
    return this.signIn.flows;
  }

  private get methods() {
    return this.signIn.methods;
  }

  /**
   * The provider's URL to send the browser to, and the flow's token for its cookie. `origin` is the platform's
   * public origin (undefined: it has none to give the provider). `linkTo` is the signed-in user linking it.
   */
  async start(
    providerId: string,
    origin: string | undefined,
    from: ReturnPath,
    linkTo: string | null,
  ): Promise<{ url: string; token: string }> {
    const provider = await this.methods.providers.require(providerId);
    if (!origin) {
      throw new DomainError(
        400,
        "Signing in with a provider needs the platform's public address: an administrator must set PENNON_PUBLIC_URL",
      );
    }
    const redirectUri = redirectUriOf(origin, provider.id);
    const auth = await this.oidc.authorize(provider, redirectUri).catch(() => {
      throw new DomainError(502, msg`${provider.name} cannot be reached: please try again later`);
    });
    const token = await this.flows.start(
      { stage: 'oidc', provider: provider.id, ...auth, redirectUri, from, linkTo },
      linkTo,
    );
    return { url: auth.url, token };
  }

  /**
   * The provider's answer (`query`: the callback's raw query string) for the flow of `token`; `callerId` is the
   * session's user. Throws `SignInFailed` saying why when it doesn't end in one of the outcomes.
   */
  async callback(
    providerId: string,
    token: string | undefined,
    query: URLSearchParams,
    callerId: string | null,
  ): Promise<CallbackOutcome> {
    const flow = await this.flows.find(token);
    if (!flow) throw new SignInFailed('bad-state');
    // This browser's sign-in went past this answer already: it came again.
    if (flow.state.stage !== 'oidc' || flow.used) throw new SignInFailed('replayed');
    if (flow.expired) throw new SignInFailed('expired');
    const sent = flow.state;
    if (sent.provider !== providerId || query.get('state') !== sent.state)
      throw new SignInFailed('bad-state');
    if (!(await this.flows.finish(flow))) throw new SignInFailed('replayed');
    const provider = await this.methods.providers.byId(providerId);
    if (!provider?.enabled) throw new SignInFailed('unavailable');
    const claims = await this.oidc.callback(provider, sent.redirectUri, query.toString(), sent);
    if (sent.linkTo) {
      if (callerId !== sent.linkTo) throw new SignInFailed('bad-state');
      const email = claims.verifiedEmail ?? claims.email;
      const linked = await this.methods.identities.link(sent.linkTo, {
        providerId,
        subject: claims.subject,
        email,
      });
      if (!linked) throw new SignInFailed('already-linked');
      return { kind: 'linked', provider: providerId };
    }
    return this.signInWith(provider, claims, sent.from);
  }

  private async signInWith(provider: OidcProvider, claims: ProviderClaims, from: ReturnPath) {
    const linkedId = await this.methods.identities.signIn(provider.id, claims.subject);
    if (linkedId) {
      const user = await this.users.byId(linkedId);
      if (!user) throw new SignInFailed('bad-state');
      return { kind: 'step', step: await this.next(user, from), from } satisfies CallbackOutcome;
    }
    const email = claims.verifiedEmail;
    if (!email) throw new SignInFailed('unverified-email');
    if (provider.allowedDomains.length > 0 && !provider.allowedDomains.includes(domainOf(email))) {
      throw new SignInFailed('domain-not-allowed');
    }
    const existing = await this.users.byEmail(email);
    if (existing && provider.linkByEmail) {
      const identity = { providerId: provider.id, subject: claims.subject, email };
      if (!(await this.methods.identities.link(existing.id, identity)))
        throw new SignInFailed('already-linked');
      return { kind: 'step', step: await this.next(existing, from), from } satisfies CallbackOutcome;
    }
    const state: ExternalState = {
      stage: 'external',
      provider: provider.id,
      subject: claims.subject,
      email,
      proposedUserName: await this.proposeUserName(claims.names),
      from,
    };
    return { kind: 'external', token: await this.flows.start(state) } satisfies CallbackOutcome;
  }

  /** `next`, with a banned or inactive account named as such for the page. */
  private async next(user: User, from: ReturnPath, flow?: Flow): Promise<Step> {
    const refusal = refusalOf(user);
    if (refusal) throw new SignInFailed(user.role === 'Banned' ? 'banned' : 'not-activated');
    return this.signIn.next(user, from, flow);
  }

  /** The first of the provider's names that is a free, acceptable user name, else one with a number after it. */
  private async proposeUserName(names: string[]): Promise<string> {
    const candidates = names
      .map((name) => name.trim().slice(0, USER_NAME_MAX - 3))
      .filter((name) => userNameRefusal(name) === null);
    for (const name of candidates) if (!(await this.users.nameTaken(name))) return name;
    const base = candidates[0] ?? 'player';
    for (let n = 2; n < 1000; n++) {
      if (!(await this.users.nameTaken(`${base}${n}`))) return `${base}${n}`;
    }
    return base;
  }

  private async externalFlow(token: string | undefined) {
    const flow = await this.flows.live(token, 'external');
    const provider = flow && (await this.methods.providers.byId(flow.state.provider));
    if (!flow || !provider?.enabled)
      throw new DomainError(401, 'This sign-in has ended: please sign in again');
    return { flow, state: flow.state, provider };
  }

  /** The first sign-in waiting for its account. */
  async pending(token: string | undefined): Promise<ExternalSignInModel> {
    const { state, provider } = await this.externalFlow(token);
    const existing = state.email ? await this.users.emailTaken(state.email) : false;
    return {
      provider: buttonOf(provider),
      email: state.email,
      proposedUserName: state.proposedUserName,
      canRegister: provider.createAccounts && !existing,
      existingAccount: existing,
    };
  }

  /** A new account for the identity, with the provider's verified e-mail and no password. */
  async register(
    token: string | undefined,
    given: string,
    fields: RegistrationFieldValues | undefined,
    ip: string,
  ): Promise<Step> {
    const { flow, state, provider } = await this.externalFlow(token);
    if (!provider.createAccounts) {
      throw new DomainError(
        403,
        'This provider only links existing accounts: sign in with your password to link it',
      );
    }
    const userName = acceptUserName(given);
    if (!state.email || (await this.users.emailTaken(state.email))) {
      throw new DomainError(400, 'An account with this e-mail address already exists');
    }
    if (await this.users.nameTaken(userName)) {
      throw new DomainError(400, msg`The user name "${userName}" is already taken`);
    }
    const values = await this.fields.accept(fields, 'register');
    const email = state.email;
    const user = await this.users
      .transaction(async (users, trx) => {
        const user = await users.create({
          userName,
          email,
          passwordHash: '',
          role: 'User',
          emailConfirmed: true,
          ip,
        });
        const identity = { providerId: provider.id, subject: state.subject, email };
        if (!(await this.methods.identities.link(user.id, identity, trx))) {
          throw new DomainError(400, 'This identity is already linked to an account');
        }
        await this.fields.write(user.id, values, trx);
        return user;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err))
          throw new DomainError(400, 'The user name or e-mail address is already taken');
        throw err;
      });
    return this.next(user, state.from, flow);
  }

  /** Links the identity to the account whose password this is, then signs in as after a password. */
  async link(token: string | undefined, login: string, password: string): Promise<Step> {
    const { flow, state, provider } = await this.externalFlow(token);
    if (flow.attempts >= attemptsPerFlow)
      throw new DomainError(429, 'Too many wrong passwords: please sign in again');
    const user = await this.users.byNameOrEmail(login);
    const matches =
      user && hasPassword(user)
        ? await verifyPassword(user.passwordHash, password)
        : await verifyUnknownUser(password);
    if (!user || !matches) {
      await this.flows.failed(flow);
      throw new DomainError(401, 'The user name or password is incorrect');
    }
    const refusal = refusalOf(user);
    if (refusal) throw new DomainError(401, refusal);
    const identity = { providerId: provider.id, subject: state.subject, email: state.email };
    if (!(await this.methods.identities.link(user.id, identity))) {
      throw new DomainError(400, msg`This account is already linked to an identity at ${provider.name}`);
    }
    return this.signIn.next(user, state.from, flow);
  }
}

/** A return path: one of this platform's own paths (as the web client's `safeRedirect` reads it), or `/`. */
export const returnPathOf = (from: string | undefined): ReturnPath => {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  const base = 'http://pennon.invalid';
  const url = URL.canParse(from, base) ? new URL(from, base) : undefined;
  // Serialised by the URL parser: no space or line break is left to end a Location header.
  return url?.origin === base ? `${url.pathname}${url.search}${url.hash}` : '/';
};
