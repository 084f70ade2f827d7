// Pennon's sign-in routes: password with a second factor, passkeys, OpenID Connect providers. A step that signs in
// opens the same session a password login does; a step that waits keeps its flow in the sign-in cookie. A
// provider's answer (the callback) ends on a page of the web client, never on an error body.
import { signInRoutes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../http/audit.ts';
import { signInFlowOf, writeSignInFlow } from '../http/auth.ts';
import { mount } from '../http/mount.ts';
import { answerStep, type RelyingPartyOf, requestOrigin } from '../http/sign-in-step.ts';
import { type ExternalSignIn, returnPathOf } from '../services/external-sign-in.ts';
import { SignInFailed } from '../services/oidc-client.ts';
import { requireRelyingParty } from '../services/passkeys.ts';
import { publicOrigin } from '../services/public-origin.ts';
import type { SessionStore } from '../services/sessions.ts';
import type { SignInService, Step } from '../services/sign-in.ts';
import { flowLifetimeMs } from '../services/sign-in-flows.ts';

export interface SignInApiOptions {
  signIn: SignInService;
  external: ExternalSignIn;
  sessions: SessionStore;
  publicUrl: string | undefined;
  relyingParty: RelyingPartyOf;
}

/** Where the browser goes after a provider's answer that did not sign in straight away. */
const pageOf = (step: Exclude<Step, { status: 'SignedIn' }>, from: string): string => {
  const query = new URLSearchParams({ step: step.status === 'SecondFactorRequired' ? 'factor' : 'enrol' });
  if (step.status === 'SecondFactorRequired') query.set('factors', step.factors.join(','));
  if (from !== '/') query.set('from', from);
  return `/account/Login?${query}`;
};

export const signInApi = async (app: FastifyInstance, options: SignInApiOptions) => {
  const { signIn: service, external, sessions, publicUrl, relyingParty } = options;
  const r = signInRoutes;

  mount(app, r.methods, async () => service.offered());

  mount(app, r.password, async (request, reply) => {
    const user = await service.password(request.body, request.ip).catch(async (err: unknown) => {
      await audit(request, 'Warning', 'Sign-in refused', { name: request.body.userName });
      throw err;
    });
    return answerStep(sessions, request, reply, await service.next(user, '/'), 'with a password');
  });

  mount(app, r.code, async (request, reply) => {
    const step = await service.code(signInFlowOf(request), request.body);
    const how = request.body.kind === 'Totp' ? 'with an authenticator code' : 'with a recovery code';
    return answerStep(sessions, request, reply, step, how);
  });

  mount(app, r.passkeyOptions, async (request, reply) => {
    const rp = requireRelyingParty(await relyingParty(request));
    const { options: challenge, token } = await service.passkeyOptions(signInFlowOf(request), rp);
    if (token) writeSignInFlow(request, reply, token, flowLifetimeMs);
    return challenge;
  });

  mount(app, r.passkey, async (request, reply) => {
    const rp = requireRelyingParty(await relyingParty(request));
    const step = await service.passkey(signInFlowOf(request), rp, request.body);
    return answerStep(sessions, request, reply, step, 'with a passkey');
  });

  mount(app, r.cancel, async (request) => {
    await service.cancel(signInFlowOf(request));
    return undefined;
  });

  mount(app, r.startOidc, async (request, reply) => {
    const origin = publicOrigin(publicUrl, requestOrigin(request));
    const from = returnPathOf(request.body.from);
    const { url, token } = await external.start(request.params.provider, origin, from, null);
    writeSignInFlow(request, reply, token, flowLifetimeMs);
    return { url };
  });

  mount(app, r.oidcCallback, async (request, reply) => {
    const { provider } = request.params;
    const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1 || request.url.length));
    try {
      const outcome = await external.callback(
        provider,
        signInFlowOf(request),
        query,
        request.caller?.id ?? null,
      );
      if (outcome.kind === 'linked') {
        await audit(request, 'Information', `Linked the sign-in provider ${provider}`);
        return reply.redirect(`/account/Profile?linked=${encodeURIComponent(provider)}`, 303);
      }
      if (outcome.kind === 'external') {
        writeSignInFlow(request, reply, outcome.token, flowLifetimeMs);
        return reply.redirect('/account/External', 303);
      }
      const { step, from } = outcome;
      await answerStep(sessions, request, reply, step, `with the provider ${provider}`);
      return reply.redirect(step.status === 'SignedIn' ? from : pageOf(step, from), 303);
    } catch (err) {
      const reason = err instanceof SignInFailed ? err.reason : 'unavailable';
      if (!(err instanceof SignInFailed)) request.log.error({ err }, 'a provider sign-in failed');
      await audit(request, 'Warning', `Sign-in with the provider ${provider} failed: ${reason}`);
      return reply.redirect(`/account/External?error=${reason}`, 303);
    }
  });

  mount(app, r.external, async (request) => external.pending(signInFlowOf(request)));

  mount(app, r.externalRegister, async (request, reply) => {
    const step = await external.register(
      signInFlowOf(request),
      request.body.userName,
      request.body.fields,
      request.ip,
    );
    if (step.status === 'SignedIn')
      await audit(request, 'Information', 'Registered through a provider', { name: step.user.userName });
    return answerStep(sessions, request, reply, step, 'through a provider');
  });

  mount(app, r.externalLink, async (request, reply) => {
    const step = await external.link(signInFlowOf(request), request.body.userName, request.body.password);
    return answerStep(sessions, request, reply, step, 'and linked a provider');
  });
};
