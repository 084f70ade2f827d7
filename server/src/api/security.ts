// The caller's own ways to sign in (the profile's security card, and the set-up a sign-in may need first): the
// authenticator app and its recovery codes, passkeys, linked providers.
import { securityRoutes } from '@pennon/sdk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../http/audit.ts';
import { callerOf, signInFlowOf, writeSignInFlow } from '../http/auth.ts';
import { mount } from '../http/mount.ts';
import { answerStep, type RelyingPartyOf, requestOrigin } from '../http/sign-in-step.ts';
import type { Enrolment } from '../services/enrolment.ts';
import type { ExternalSignIn } from '../services/external-sign-in.ts';
import { requireRelyingParty } from '../services/passkeys.ts';
import { publicOrigin } from '../services/public-origin.ts';
import type { SessionStore } from '../services/sessions.ts';
import { flowLifetimeMs } from '../services/sign-in-flows.ts';

export interface SecurityApiOptions {
  enrolment: Enrolment;
  external: ExternalSignIn;
  sessions: SessionStore;
  publicUrl: string | undefined;
  relyingParty: RelyingPartyOf;
}

export const securityApi = async (app: FastifyInstance, options: SecurityApiOptions) => {
  const { enrolment, external, sessions, publicUrl, relyingParty } = options;
  const r = securityRoutes;
  const who = (request: FastifyRequest) => [request.caller?.id ?? null, signInFlowOf(request)] as const;

  mount(app, r.overview, async (request) => enrolment.overview(...who(request)));

  mount(app, r.totpSetup, async (request, reply) => {
    const { setup, token } = await enrolment.totpSetup(...who(request));
    if (token) writeSignInFlow(request, reply, token, flowLifetimeMs);
    return setup;
  });

  mount(app, r.totpConfirm, async (request, reply) => {
    const { result, signedIn } = await enrolment.totpConfirm(...who(request), request.body.code);
    await audit(request, 'Information', 'Turned the authenticator app on', { name: signedIn?.userName });
    if (signedIn)
      await answerStep(
        sessions,
        request,
        reply,
        { status: 'SignedIn', user: signedIn },
        'after setting up a second factor',
      );
    return result;
  });

  mount(app, r.totpRemove, async (request) => {
    await enrolment.totpRemove(callerOf(request).id, request.body.code);
    await audit(request, 'Information', 'Turned the authenticator app off');
    return undefined;
  });

  mount(app, r.recoveryCodes, async (request) => {
    const codes = await enrolment.recoveryCodes(callerOf(request).id, request.body.code);
    await audit(request, 'Information', 'Made new recovery codes');
    return codes;
  });

  mount(app, r.passkeyOptions, async (request, reply) => {
    const rp = requireRelyingParty(await relyingParty(request));
    const { options: challenge, token } = await enrolment.passkeyOptions(...who(request), rp);
    if (token) writeSignInFlow(request, reply, token, flowLifetimeMs);
    return challenge;
  });

  mount(app, r.addPasskey, async (request, reply) => {
    const rp = requireRelyingParty(await relyingParty(request));
    const { result, value, signedIn } = await enrolment.addPasskey(...who(request), rp, request.body);
    await audit(request, 'Information', 'Added a passkey', { name: signedIn?.userName });
    if (signedIn)
      await answerStep(
        sessions,
        request,
        reply,
        { status: 'SignedIn', user: signedIn },
        'after setting up a second factor',
      );
    return { passkey: value as NonNullable<typeof value>, result };
  });

  mount(app, r.renamePasskey, async (request) => {
    const passkey = await enrolment.renamePasskey(callerOf(request).id, request.params.id, request.body.name);
    await audit(request, 'Information', `Renamed a passkey to ${passkey.name}`);
    return passkey;
  });

  mount(app, r.removePasskey, async (request) => {
    await enrolment.removePasskey(callerOf(request).id, request.params.id);
    await audit(request, 'Information', 'Removed a passkey');
    return undefined;
  });

  mount(app, r.linkProvider, async (request, reply) => {
    const origin = publicOrigin(publicUrl, requestOrigin(request));
    const caller = callerOf(request);
    const { url, token } = await external.start(
      request.params.provider,
      origin,
      '/account/Profile',
      caller.id,
    );
    writeSignInFlow(request, reply, token, flowLifetimeMs);
    return { url };
  });

  mount(app, r.unlinkProvider, async (request) => {
    await enrolment.unlink(callerOf(request).id, request.params.provider);
    await audit(request, 'Information', `Unlinked the sign-in provider ${request.params.provider}`);
    return undefined;
  });
};
