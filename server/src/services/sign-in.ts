// Signing in, whatever the first factor: once a password or a provider has said who the user is, the user's second
// factor is asked for (an authenticator code, a recovery code or a passkey), or set up first when the user's role
// needs one and has none. A passkey that verified its user signs in alone. Every path ends in the same session as a
// password sign-in (http/auth.ts `signIn`), made by the caller from the `Step` answered here.
import type {
  LoginModel,
  PasskeyAssertion,
  PasskeyRequestOptions,
  SecondFactor,
  SecondFactorCodeModel,
  SignInMethods,
} from '@pennon/sdk/contract';
import { DomainError } from '../errors/domain-error.ts';
import { type Message, msg } from '../i18n/message.ts';
import type { AccountService } from './accounts.ts';
import { buttonOf } from './oidc-providers.ts';
import type { RelyingParty } from './passkeys.ts';
import {
  attemptsPerFlow,
  attemptsPerUser,
  type Flow,
  type FlowState,
  type ReturnPath,
  type SignInFlows,
} from './sign-in-flows.ts';
import { UserMethods } from './user-methods.ts';
import type { User, UserStore } from './users.ts';

/**
 * Where a sign-in stands: signed in (the caller opens the session), or waiting on a flow; `token` is set when the
 * flow is new, for the browser's cookie.
 */
export type Step =
  | { status: 'SignedIn'; user: User; token?: undefined }
  | { status: 'SecondFactorRequired'; factors: SecondFactor[]; token?: string }
  | { status: 'EnrolmentRequired'; token?: string };

const sessionOver = () => new DomainError(401, 'This sign-in has ended: please sign in again');

/** Why an account may not sign in at all, or null. */
export const refusalOf = (user: User): string | null => {
  if (!user.emailConfirmed) return 'This account is not activated yet';
  if (user.role === 'Banned') return 'This account is banned';
  return null;
};

export class SignInService {
  constructor(
    private readonly users: UserStore,
    private readonly accounts: AccountService,
    readonly methods: UserMethods,
    readonly flows: SignInFlows,
    private readonly allowRegister: () => Promise<boolean>,
  ) {}

  /** What the sign-in and registration pages offer. */
  async offered(): Promise<SignInMethods> {
    const [enabled, passwords, register] = await Promise.all([
      this.methods.providers.enabled(),
      this.methods.passwordsSignIn(),
      this.allowRegister(),
    ]);
    return {
      password: passwords,
      passwordRegistration: passwords && register,
      providers: enabled.map(buttonOf),
    };
  }

  /** 401 when an admin turned password sign-in off. */
  async requirePasswords(): Promise<void> {
    if (!(await this.methods.passwordsSignIn())) {
      throw new DomainError(401, 'Password sign-in is turned off here: sign in with a provider or a passkey');
    }
  }

  /** 400 when an admin turned password sign-in off: new accounts then come from the providers. */
  async requirePasswordRegistration(): Promise<void> {
    if (!(await this.methods.passwordsSignIn())) {
      throw new DomainError(400, 'Registration with a password is turned off here: sign up with a provider');
    }
  }

  /** The user whose password this is; the second factor comes next (`next`). */
  async password(model: LoginModel, ip: string): Promise<User> {
    await this.requirePasswords();
    return this.accounts.login(model, ip);
  }

  /**
   * GZ::CTF's own login (`POST /api/account/login`), which knows nothing of second factors: it signs in only
   * accounts that need none, and tells the others where to go.
   */
  async passwordOnly(user: User): Promise<void> {
    const factors = await this.methods.factors(user.id);
    if (factors.length > 0) {
      throw new DomainError(
        401,
        "This account signs in with a second factor: use the platform's own sign-in page",
      );
    }
    if (await this.methods.secondFactorRequired(user.role)) {
      throw new DomainError(
        401,
        "This account's role needs a second factor: set one up on the platform's own sign-in page",
      );
    }
  }

  /**
   * After the first factor: the second one, or its set-up, or signed in. `flow` is the sign-in's flow when it has
   * one already (a provider's), which carries on; else one is started when needed.
   */
  async next(user: User, from: ReturnPath, flow?: Flow): Promise<Step> {
    const refusal = refusalOf(user);
    if (refusal) throw new DomainError(401, refusal);
    const factors = await this.methods.factors(user.id);
    const state: FlowState | undefined = UserMethods.enrolled(factors)
      ? { stage: 'factor', from, challenge: null }
      : (await this.methods.secondFactorRequired(user.role))
        ? { stage: 'enrol', from, signsIn: true, totpSecret: null, challenge: null }
        : undefined;
    if (!state) {
      if (flow && !(await this.flows.finish(flow))) throw sessionOver();
      return { status: 'SignedIn', user };
    }
    const token = flow ? undefined : await this.flows.start(state, user.id);
    if (flow && !(await this.flows.advance(flow, state, user.id))) throw sessionOver();
    return state.stage === 'factor'
      ? { status: 'SecondFactorRequired', factors, token }
      : { status: 'EnrolmentRequired', token };
  }

  /** The live second-factor flow of the cookie, with its user; 401 when there is none. */
  private async factorFlow(token: string | undefined) {
    const flow = await this.flows.live(token, 'factor');
    const user = flow?.userId ? await this.users.byId(flow.userId) : undefined;
    if (!flow || !user) throw sessionOver();
    return { flow, user };
  }

  /** 429 when the flow or the account has had too many wrong codes. */
  private async checkAttempts(flow: Flow, userId: string): Promise<void> {
    if (flow.attempts >= attemptsPerFlow) {
      throw new DomainError(429, 'Too many wrong codes: please sign in again');
    }
    if ((await this.flows.recentFailures(userId)) >= attemptsPerUser) {
      const minutes = Math.max(1, Math.ceil((await this.flows.lockedFor(userId)) / 60_000));
      throw new DomainError(429, msg`Too many wrong codes for this account: try again in ${minutes} minutes`);
    }
  }

  /** Counts a wrong answer; 401 saying so. */
  private async wrong(flow: Flow, title: Message): Promise<never> {
    const count = await this.flows.failed(flow);
    if (count >= attemptsPerFlow) throw new DomainError(429, 'Too many wrong codes: please sign in again');
    throw new DomainError(401, title);
  }

  /** The second factor as an authenticator code or a recovery code. */
  async code(token: string | undefined, model: SecondFactorCodeModel): Promise<Step> {
    const { flow, user } = await this.factorFlow(token);
    await this.checkAttempts(flow, user.id);
    const good =
      model.kind === 'Totp'
        ? await this.methods.totp.verify(user.id, model.code)
        : await this.methods.recoveryCodes.use(user.id, model.code);
    if (!good) {
      await this.wrong(
        flow,
        model.kind === 'Totp'
          ? msg`The code is not correct`
          : msg`This recovery code is not correct or was used`,
      );
    }
    if (!(await this.flows.finish(flow))) throw sessionOver();
    return { status: 'SignedIn', user };
  }

  /**
   * A passkey challenge: for the second factor of the sign-in under way (its user's passkeys), else for a sign-in
   * by passkey alone (a new flow, whose token is answered).
   */
  async passkeyOptions(
    token: string | undefined,
    rp: RelyingParty,
  ): Promise<{ options: PasskeyRequestOptions; token?: string }> {
    const flow = await this.flows.live(token, 'factor');
    if (flow?.userId) {
      const options = await this.methods.passkeys.requestOptions(rp, flow.userId);
      if (!(await this.flows.advance(flow, { ...flow.state, challenge: options.challenge })))
        throw sessionOver();
      return { options };
    }
    const options = await this.methods.passkeys.requestOptions(rp, null);
    return { options, token: await this.flows.start({ stage: 'passkey', challenge: options.challenge }) };
  }

  /** The passkey's answer to the challenge of `passkeyOptions`. */
  async passkey(token: string | undefined, rp: RelyingParty, assertion: PasskeyAssertion): Promise<Step> {
    const flow = (await this.flows.live(token, 'factor')) ?? (await this.flows.live(token, 'passkey'));
    const challenge =
      flow?.state.stage === 'factor' || flow?.state.stage === 'passkey' ? flow.state.challenge : null;
    if (!flow || !challenge) throw sessionOver();
    if (flow.userId) await this.checkAttempts(flow, flow.userId);
    const userId = await this.methods.passkeys.authenticate(rp, assertion, challenge, flow.userId);
    const user = userId ? await this.users.byId(userId) : undefined;
    if (!user) return this.wrong(flow, msg`This passkey was not accepted`);
    const refusal = refusalOf(user);
    if (refusal) throw new DomainError(401, refusal);
    if (!(await this.flows.finish(flow))) throw sessionOver();
    return { status: 'SignedIn', user };
  }

  /** Drops the sign-in under way (the user went back to the start). */
  async cancel(token: string | undefined): Promise<void> {
    const flow = await this.flows.find(token);
    if (flow && !flow.used) await this.flows.finish(flow);
  }
}
