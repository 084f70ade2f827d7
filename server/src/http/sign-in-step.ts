// What every route that may finish a sign-in shares: the step's answer (the session, or the flow's cookie) and the
// origins a sign-in is bound to.
import type { SignInResult } from '@pennon/sdk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RelyingParty } from '../services/passkeys.ts';
import type { SessionStore } from '../services/sessions.ts';
import type { Step } from '../services/sign-in.ts';
import { flowLifetimeMs } from '../services/sign-in-flows.ts';
import { audit } from './audit.ts';
import { signIn, writeSignInFlow } from './auth.ts';

/** The relying party passkeys of this request are for, or undefined when the platform's address allows none. */
export type RelyingPartyOf = (request: FastifyRequest) => Promise<RelyingParty | undefined>;

/** `{scheme}://{host}` of the request: the platform's origin only on loopback without PENNON_PUBLIC_URL. */
export const requestOrigin = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/** Carries a step out: the session for a finished sign-in (`how` for the log), else the flow's cookie. */
export const answerStep = async (
  sessions: SessionStore,
  request: FastifyRequest,
  reply: FastifyReply,
  step: Step,
  how: string,
): Promise<SignInResult> => {
  if (step.status === 'SignedIn') {
    await signIn(sessions, request, reply, step.user.id);
    await audit(request, 'Information', `Signed in ${how}`, { name: step.user.userName });
    return { status: 'SignedIn', factors: [] };
  }
  if (step.token) writeSignInFlow(request, reply, step.token, flowLifetimeMs);
  return { status: step.status, factors: step.status === 'SecondFactorRequired' ? step.factors : [] };
};
