// §2.1 Account: sign-up, sign-in and sign-out, the mailed flows (confirmation, recovery, e-mail change), and the
// caller's own profile and password.
import { type RegisterStatus, routes } from '@pennon/sdk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../http/audit.ts';
import { adoptSession, callerOf, signIn, signOut } from '../http/auth.ts';
import { mount } from '../http/mount.ts';
import type { AccountService, RequestContext } from '../services/accounts.ts';
import type { SessionStore } from '../services/sessions.ts';
import type { SignInService } from '../services/sign-in.ts';

export interface AccountApiOptions {
  accounts: AccountService;
  sessions: SessionStore;
  /** Whether passwords sign in, and whether an account needs more than its password. */
  signIn: SignInService;
}

const contextOf = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  origin: `${request.protocol}://${request.host}`,
  userAgent: request.headers['user-agent'] ?? '',
});

/** What the log says of a sign-up, in words rather than the status's enum name. */
const registeredLog: Record<RegisterStatus, string> = {
  LoggedIn: 'Registered and signed in',
  EmailConfirmationRequired: 'Registered, waiting for the e-mail confirmation',
  AdminConfirmationRequired: "Registered, waiting for an administrator's approval",
};

export const accountApi = async (
  app: FastifyInstance,
  { accounts, sessions, signIn: steps }: AccountApiOptions,
) => {
  const { account } = routes;

  mount(app, account.register, async (request, reply) => {
    await steps.requirePasswordRegistration();
    const { status, title, user, session } = await accounts.register(request.body, contextOf(request));
    await audit(request, 'Information', registeredLog[status], { name: user.userName });
    if (session) await adoptSession(sessions, request, reply, session);
    return { title: request.translate(title), data: status, status: 200 };
  });

  mount(app, account.verify, async (request, reply) => {
    const user = await accounts.verify(request.body);
    await audit(request, 'Information', 'E-mail confirmed', { name: user.userName });
    await signIn(sessions, request, reply, user.id);
    return undefined;
  });

  mount(app, account.recover, async (request) => {
    await accounts.recover(request.body, contextOf(request));
    return {
      title: request.translate(
        'If an active account has this e-mail address, a reset link is on its way to it',
      ),
      status: 200,
    };
  });

  mount(app, account.resetPassword, async (request) => {
    const user = await accounts.resetPassword(request.body);
    await audit(request, 'Information', 'Password reset by mail', { name: user.userName });
    return undefined;
  });

  // GZ::CTF's client signs in here: an account that needs a second factor is told to use the web client's page.
  mount(app, account.login, async (request, reply) => {
    const user = await steps
      .password(request.body, request.ip)
      .then(async (user) => {
        await steps.passwordOnly(user);
        return user;
      })
      .catch(async (err: unknown) => {
        await audit(request, 'Warning', 'Sign-in refused', { name: request.body.userName });
        throw err;
      });
    await audit(request, 'Information', 'Signed in', { name: user.userName });
    await signIn(sessions, request, reply, user.id);
    return undefined;
  });

  mount(app, account.logout, async (request, reply) => {
    await signOut(sessions, request, reply);
    return undefined;
  });

  mount(app, account.profile, async (request) => accounts.profile(callerOf(request).id));

  mount(app, account.updateProfile, async (request) => {
    await accounts.updateProfile(callerOf(request).id, request.body);
    return undefined;
  });

  mount(app, account.changePassword, async (request) => {
    await accounts.changePassword(callerOf(request).id, request.body, request.sessionId);
    return undefined;
  });

  mount(app, account.changeEmail, async (request, reply) => {
    if (await accounts.changeEmail(callerOf(request).id, request.body, contextOf(request))) {
      return {
        title: request.translate('A confirmation link was sent to the new address'),
        data: true,
        status: 200,
      };
    }
    // GZ::CTF answers this refusal as a 400 that still carries `data: false`.
    reply.code(400);
    return {
      title: request.translate('E-mail changes are not confirmed by mail here: ask an administrator'),
      data: false,
      status: 400,
    };
  });

  mount(app, account.confirmEmailChange, async (request) => {
    const email = await accounts.confirmEmailChange(callerOf(request).id, request.body);
    await audit(request, 'Information', `E-mail changed to ${email}`);
    return undefined;
  });
};
