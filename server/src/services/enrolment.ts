// The caller's own ways to sign in: setting up an authenticator app or a passkey, recovery codes, removing them,
// unlinking providers. Whoever is setting up is the session's user, or, before a sign-in whose role needs a second
// factor, the user of that sign-in (its `enrol` flow): finishing the set-up then finishes the sign-in. Nothing is
// removed that would leave the user without a way in, or without the second factor its role needs.
import type {
  AccountSecurity,
  EnrolResult,
  NewPasskeyModel,
  PasskeyCreationOptions,
  PasskeyInfo,
  TotpSetup,
} from '@pennon/sdk/contract';
import { DomainError } from '../errors/domain-error.ts';
import { buttonOf } from './oidc-providers.ts';
import type { RelyingParty } from './passkeys.ts';
import type { SignInService } from './sign-in.ts';
import type { Flow, FlowState } from './sign-in-flows.ts';
import { newTotpSecret } from './totp.ts';
import { canSignIn, UserMethods, type WaysIn } from './user-methods.ts';
import type { User, UserStore } from './users.ts';

type EnrolState = Extract<FlowState, { stage: 'enrol' }>;

/** Who is setting up, and the flow that keeps what is being set up (none yet for a session's first step). */
interface Subject {
  user: User;
  flow: Flow<EnrolState> | undefined;
}

/** What a finished set-up answers; `signedIn` names the user whose sign-in it finished. */
export interface Enrolled<T = unknown> {
  result: EnrolResult;
  value?: T;
  signedIn?: User;
}

const notSignedIn = () => new DomainError(401, 'Sign in to continue');

export class Enrolment {
  constructor(
    private readonly users: UserStore,
    private readonly signIn: SignInService,
    /** The platform's name, as authenticator apps list it. */
    private readonly platformName: () => Promise<string>,
  ) {}

  private get methods() {
    return this.signIn.methods;
  }

  private get flows() {
    return this.signIn.flows;
  }

  /** The session's user (with its profile set-up flow, if any), else the user of an enrolment at sign-in. */
  async subject(callerId: string | null, token: string | undefined): Promise<Subject> {
    const flow = await this.flows.live(token, 'enrol');
    if (callerId) {
      const user = await this.users.byId(callerId);
      if (!user) throw notSignedIn();
      const own = flow && flow.userId === callerId && !flow.state.signsIn ? flow : undefined;
      return { user, flow: own };
    }
    const user = flow?.userId && flow.state.signsIn ? await this.users.byId(flow.userId) : undefined;
    if (!user) throw notSignedIn();
    return { user, flow };
  }

  async overview(callerId: string | null, token: string | undefined): Promise<AccountSecurity> {
    const { user } = await this.subject(callerId, token);
    const [methods, enabled, required] = await Promise.all([
      this.methods.ofUser(user),
      this.methods.providers.enabled(),
      this.methods.secondFactorRequired(user.role),
    ]);
    const linked = new Set(methods.identities.map((identity) => identity.provider.id));
    return {
      methods,
      linkable: enabled.filter((provider) => !linked.has(provider.id)).map(buttonOf),
      secondFactorRequired: required,
      enrolling: callerId === null,
    };
  }

  /** Keeps `patch` in the subject's flow, starting one for a session; answers a new flow's token. */
  private async keep(subject: Subject, patch: Partial<EnrolState>): Promise<string | undefined> {
    if (subject.flow) {
      if (!(await this.flows.advance(subject.flow, { ...subject.flow.state, ...patch }))) throw notSignedIn();
      return undefined;
    }
    const state: EnrolState = {
      stage: 'enrol',
      from: '/',
      signsIn: false,
      totpSecret: null,
      challenge: null,
    };
    return this.flows.start({ ...state, ...patch }, subject.user.id);
  }

  async totpSetup(
    callerId: string | null,
    token: string | undefined,
  ): Promise<{ setup: TotpSetup; token?: string }> {
    const subject = await this.subject(callerId, token);
    if (await this.methods.totp.has(subject.user.id)) {
      throw new DomainError(400, 'The authenticator app is on already: turn it off first to set up another');
    }
    const setup = newTotpSecret(await this.platformName(), subject.user.userName);
    const kept = await this.keep(subject, { totpSecret: await this.methods.totp.seal(setup.secret) });
    return { setup, token: kept };
  }

  /** Recovery codes for a user getting its first second factor; none when it has some left. */
  private async firstCodes(userId: string): Promise<string[]> {
    return (await this.methods.recoveryCodes.count(userId)) > 0
      ? []
      : this.methods.recoveryCodes.renew(userId);
  }

  /** Ends the subject's flow; a sign-in waiting for the set-up is then done. */
  private async done(subject: Subject, recoveryCodes: string[]): Promise<Enrolled> {
    const signsIn = subject.flow?.state.signsIn === true;
    if (subject.flow && !(await this.flows.finish(subject.flow))) throw notSignedIn();
    return { result: { recoveryCodes, signedIn: signsIn }, ...(signsIn && { signedIn: subject.user }) };
  }

  async totpConfirm(callerId: string | null, token: string | undefined, code: string): Promise<Enrolled> {
    const subject = await this.subject(callerId, token);
    const sealed = subject.flow?.state.totpSecret;
    if (!subject.flow || !sealed)
      throw new DomainError(400, 'Set up the authenticator app again: its secret has expired');
    const step = await this.methods.totp.pendingStep(sealed, code);
    if (step === null) {
      await this.flows.failed(subject.flow);
      throw new DomainError(400, 'The code is not correct: check the time of the device it comes from');
    }
    // The code that confirmed it is taken: it can't sign in too.
    await this.methods.totp.save(subject.user.id, sealed, step);
    return this.done(subject, await this.firstCodes(subject.user.id));
  }

  /** A code of the app, or a recovery code (used up): what proves the caller holds the second factor. */
  private async proveFactor(user: User, code: string | undefined): Promise<void> {
    const good =
      code !== undefined &&
      ((await this.methods.totp.verify(user.id, code)) ||
        (await this.methods.recoveryCodes.use(user.id, code)));
    if (!good) throw new DomainError(400, 'The code is not correct');
  }

  /** 400 when the change would leave the user's role without the second factor it needs. */
  private async keepRequiredFactor(
    user: User,
    remaining: { totp: boolean; passkeys: number },
  ): Promise<void> {
    if (remaining.totp || remaining.passkeys > 0) return;
    if (await this.methods.secondFactorRequired(user.role)) {
      throw new DomainError(400, 'Your role needs a second factor: add another one before removing this one');
    }
  }

  /** 400 when the user would be left with no way to sign in. */
  private async keepWayIn(ways: WaysIn): Promise<void> {
    if (!canSignIn(ways, await this.methods.setting())) {
      throw new DomainError(400, 'This is your last way to sign in: add a passkey or link a provider first');
    }
  }

  async totpRemove(userId: string, code: string): Promise<void> {
    const user = await this.existing(userId);
    const passkeys = (await this.methods.passkeys.list(userId)).length;
    await this.keepRequiredFactor(user, { totp: false, passkeys });
    await this.proveFactor(user, code);
    await this.methods.totp.remove(userId);
    if (passkeys === 0) await this.methods.recoveryCodes.remove(userId);
  }

  /** New recovery codes; a user with the app proves it with one of its codes. */
  async recoveryCodes(userId: string, code: string | undefined): Promise<string[]> {
    const user = await this.existing(userId);
    const factors = await this.methods.factors(userId);
    if (!UserMethods.enrolled(factors))
      throw new DomainError(400, 'Recovery codes come with a second factor: set one up first');
    if (factors.includes('Totp')) await this.proveFactor(user, code);
    return this.methods.recoveryCodes.renew(userId);
  }

  async passkeyOptions(
    callerId: string | null,
    token: string | undefined,
    rp: RelyingParty,
  ): Promise<{ options: PasskeyCreationOptions; token?: string }> {
    const subject = await this.subject(callerId, token);
    const options = await this.methods.passkeys.creationOptions(rp, subject.user);
    return { options, token: await this.keep(subject, { challenge: options.challenge }) };
  }

  async addPasskey(
    callerId: string | null,
    token: string | undefined,
    rp: RelyingParty,
    model: NewPasskeyModel,
  ): Promise<Enrolled<PasskeyInfo>> {
    const subject = await this.subject(callerId, token);
    const challenge = subject.flow?.state.challenge;
    if (!subject.flow || !challenge)
      throw new DomainError(400, 'Create the passkey again: its challenge has expired');
    const passkey = await this.methods.passkeys.register(
      rp,
      subject.user.id,
      model.name.trim(),
      model.credential,
      challenge,
    );
    const done = await this.done(subject, await this.firstCodes(subject.user.id));
    return { ...done, value: passkey };
  }

  async renamePasskey(userId: string, id: string, name: string): Promise<PasskeyInfo> {
    const passkey = await this.methods.passkeys.rename(userId, id, name.trim());
    if (!passkey) throw new DomainError(404, 'This passkey does not exist');
    return passkey;
  }

  async removePasskey(userId: string, id: string): Promise<void> {
    const user = await this.existing(userId);
    const ways = await this.methods.waysIn(user);
    const totp = await this.methods.totp.has(userId);
    await this.keepRequiredFactor(user, { totp, passkeys: ways.passkeys - 1 });
    await this.keepWayIn({ ...ways, passkeys: ways.passkeys - 1 });
    if (!(await this.methods.passkeys.remove(userId, id)))
      throw new DomainError(404, 'This passkey does not exist');
    if (!totp && ways.passkeys === 1) await this.methods.recoveryCodes.remove(userId);
  }

  async unlink(userId: string, providerId: string): Promise<void> {
    const user = await this.existing(userId);
    const ways = await this.methods.waysIn(user);
    await this.keepWayIn({ ...ways, providers: ways.providers.filter((id) => id !== providerId) });
    if (!(await this.methods.identities.unlink(userId, providerId))) {
      throw new DomainError(404, 'No identity at this provider is linked to the account');
    }
  }

  private async existing(userId: string): Promise<User> {
    const user = await this.users.byId(userId);
    if (!user) throw notSignedIn();
    return user;
  }
}
