// The admin's sign-in settings: the policy, the OpenID Connect providers (secrets go in, never out) and each
// user's methods, with the reset for a lost second factor.
import { signInAdminRoutes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../http/audit.ts';
import { callerOf } from '../http/auth.ts';
import { mount } from '../http/mount.ts';
import { type RelyingPartyOf, requestOrigin } from '../http/sign-in-step.ts';
import { publicOrigin } from '../services/public-origin.ts';
import type { SignInAdmin } from '../services/sign-in-admin.ts';

export interface SignInAdminApiOptions {
  admin: SignInAdmin;
  publicUrl: string | undefined;
  relyingParty: RelyingPartyOf;
}

export const signInAdminApi = async (app: FastifyInstance, options: SignInAdminApiOptions) => {
  const { admin, publicUrl, relyingParty } = options;
  const r = signInAdminRoutes;

  mount(app, r.settings, async (request) =>
    admin.settings(
      publicOrigin(publicUrl, requestOrigin(request)),
      (await relyingParty(request)) !== undefined,
    ),
  );

  mount(app, r.updatePolicy, async (request) => {
    await admin.updatePolicy(callerOf(request).id, request.body);
    const { passwordSignIn, requireSecondFactor } = request.body;
    await audit(
      request,
      'Warning',
      `Sign-in policy: passwords ${passwordSignIn ? 'on' : 'off'}, second factor for Admin and Monitor ${requireSecondFactor ? 'required' : 'optional'}`,
    );
    return undefined;
  });

  mount(app, r.addProvider, async (request) => {
    const origin = publicOrigin(publicUrl, requestOrigin(request));
    const info = await admin.addProvider(callerOf(request).id, request.body, origin);
    await audit(request, 'Warning', `Added the sign-in provider ${info.id} (${info.issuer})`);
    return info;
  });

  mount(app, r.updateProvider, async (request) => {
    const origin = publicOrigin(publicUrl, requestOrigin(request));
    const info = await admin.updateProvider(callerOf(request).id, request.params.id, request.body, origin);
    await audit(request, 'Warning', `Changed the sign-in provider ${info.id} (${info.issuer})`);
    return info;
  });

  mount(app, r.removeProvider, async (request) => {
    await admin.removeProvider(callerOf(request).id, request.params.id);
    await audit(request, 'Warning', `Removed the sign-in provider ${request.params.id}`);
    return undefined;
  });

  mount(app, r.userMethods, async (request) => admin.userMethods(request.params.userid));

  mount(app, r.resetSecondFactor, async (request) => {
    const user = await admin.resetSecondFactor(request.params.userid);
    await audit(request, 'Warning', `Removed the second factors of ${user.userName}`);
    return undefined;
  });

  mount(app, r.unlinkIdentity, async (request) => {
    const { userid, provider } = request.params;
    const user = await admin.unlinkIdentity(userid, provider);
    await audit(request, 'Warning', `Unlinked ${user.userName} from the sign-in provider ${provider}`);
    return undefined;
  });
};
