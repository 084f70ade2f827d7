// §2.1 Account: sign-up, sign-in and sign-out, and the caller's own profile and password.
// Captcha answers (`challenge`) are accepted and not checked yet; mail-based flows are still to come.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { callerOf, signIn, signOut } from '../http/auth.ts';
import { mount } from '../http/mount.ts';
import type { AccountService } from '../services/accounts.ts';
import type { SessionStore } from '../services/sessions.ts';

export interface AccountApiOptions {
  accounts: AccountService;
  sessions: SessionStore;
}

export const accountApi = async (app: FastifyInstance, { accounts, sessions }: AccountApiOptions) => {
  const { account } = routes;

  mount(app, account.register, async (request, reply) => {
    const { status, title, user } = await accounts.register(request.body, request.ip);
    if (status === 'LoggedIn') await signIn(sessions, request, reply, user.id);
    return { title, data: status, status: 200 };
  });

  mount(app, account.login, async (request, reply) => {
    const user = await accounts.login(request.body);
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
};
