// Who is calling: an `Authorization: Bearer` API token, else the `GZCTF_Token` session cookie (§1.2; over https
// `__Host-GZCTF_Token`), resolved to `request.caller`; and the role guard of every contract route. Resolution happens only on contract routes (those
// `mount` tags), keeping static files free. Pennon honours API tokens on every REST route, not only the monitor hub.
import fastifyCookie from '@fastify/cookie';
import { type Auth, roleRank } from '@pennon/sdk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Text } from '../i18n/message.ts';
import { cookieName, overHttps, sessionCookie } from '../raw-request/session-cookie.ts';
import type { ApiTokenService, TokenIdentity } from '../services/api-tokens.ts';
import type { Caller, ClientInfo, NewSession, SessionStore } from '../services/sessions.ts';
import { audit } from './audit.ts';
import { HttpError } from './http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    caller: Caller | null;
    /** The database id of the caller's session, for sign-out. */
    sessionId: string | null;
    /** The API token the request was authenticated by, or null. */
    apiToken: TokenIdentity | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; set by `mount` from the contract. */
    auth?: Auth;
  }
}

const minimumRole = { user: 'User', monitor: 'Monitor', admin: 'Admin' } as const;

/**
 * The guard `mount` puts on each route: 401 without a session, 403 when the role is too low (Banned included).
 * None for a route anyone may call.
 */
export const authorize = (auth: Auth): onRequestHookHandler | undefined =>
  auth === 'anonymous'
    ? undefined
    : async (request) => {
        if (!request.caller) throw new HttpError(401, 'Sign in to continue');
        if (roleRank(request.caller.role) < roleRank(minimumRole[auth])) {
          throw new HttpError(403, 'You are not allowed to do this');
        }
      };

/**
 * 403 when a token minted by another token authenticated the request. Such a token dies with its minter, so it may
 * make nothing that would outlive that revocation: no tokens, no accounts, no roles or passwords.
 */
export const refuseMintedToken = (request: FastifyRequest, refusal: Text): void => {
  if (request.apiToken?.mintedBy != null) throw new HttpError(403, refusal);
};

/** The caller of a route whose guard already demanded one. */
export const callerOf = (request: FastifyRequest): Caller => {
  if (!request.caller) throw new HttpError(401, 'Sign in to continue');
  return request.caller;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Session cookies are Secure on every request: the platform's public URL is https. */
    secureCookies: boolean;
  }
}

/**
 * The browser's cookie for a sign-in under way (services/sign-in-flows.ts): Lax, so it comes along when a provider
 * sends the browser back.
 */
export const signInFlowCookie = 'Pennon_SignIn';

const https = (request: FastifyRequest): boolean =>
  request.server.secureCookies || request.protocol === 'https';

/** The name of a cookie of ours for this request (`cookieName`). */
const nameFor = (request: FastifyRequest, base: string): string => cookieName(base, https(request));

/** Cookies are Secure when the platform is public over https or this request came over https. */
const cookieOptions = (request: FastifyRequest) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure: https(request) }) as const;

const writeCookie = (
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: number,
): void => {
  reply.setCookie(nameFor(request, sessionCookie), token, {
    ...cookieOptions(request),
    expires: new Date(expiresAt),
  });
};

/** Gives the browser the token of a sign-in flow that lasts `lifetimeMs`. */
export const writeSignInFlow = (
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  lifetimeMs: number,
): void => {
  reply.setCookie(nameFor(request, signInFlowCookie), token, {
    ...cookieOptions(request),
    maxAge: lifetimeMs / 1000,
  });
};

export const signInFlowOf = (request: FastifyRequest): string | undefined =>
  request.cookies[nameFor(request, signInFlowCookie)];

const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** Signs the user in on this client, replacing whatever session the request came with. */
export const signIn = async (
  sessions: SessionStore,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> => {
  await adoptSession(sessions, request, reply, await sessions.start(userId, clientInfo(request)));
};

/** Gives this client a session already opened (by a sign-up), replacing whatever session the request came with. */
export const adoptSession = async (
  sessions: SessionStore,
  request: FastifyRequest,
  reply: FastifyReply,
  { token, expiresAt }: NewSession,
): Promise<void> => {
  if (request.sessionId && request.caller) await sessions.revoke(request.sessionId, request.caller.id);
  writeCookie(request, reply, token, expiresAt);
};

export const signOut = async (sessions: SessionStore, request: FastifyRequest, reply: FastifyReply) => {
  if (request.sessionId && request.caller) await sessions.revoke(request.sessionId, request.caller.id);
  reply.clearCookie(nameFor(request, sessionCookie), cookieOptions(request));
};

export const bearerToken = (request: FastifyRequest): string | undefined =>
  /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];

export interface AuthOptions {
  sessions: SessionStore;
  apiTokens: ApiTokenService;
  /** PENNON_PUBLIC_URL: an https one makes every session cookie Secure. */
  publicUrl: string | undefined;
}

export const auth = fp<AuthOptions>(async (app: FastifyInstance, { sessions, apiTokens, publicUrl }) => {
  await app.register(fastifyCookie);
  app.decorate('secureCookies', overHttps(publicUrl, ''));
  app.decorateRequest('caller', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiToken', null);
  const identify = async (
    request: FastifyRequest,
    reply: FastifyReply,
    bearer: string | undefined,
    token: string | undefined,
  ): Promise<void> => {
    if (bearer) {
      // A token presented and refused is an error, not an anonymous call: the client meant to be someone.
      const check = await apiTokens.authenticate(bearer);
      if ('failure' in check) {
        await audit(request, 'Warning', `API token refused: ${check.failure}`);
        throw new HttpError(401, 'The API token is not valid');
      }
      request.caller = check.caller;
      request.apiToken = check.token;
      return;
    }
    if (!token) return;
    const session = await sessions.resolve(token, request.ip);
    if (!session) return;
    request.caller = session.caller;
    request.sessionId = session.sessionId;
    if (session.renewedUntil !== null) writeCookie(request, reply, token, session.renewedUntil);
  };
  app.addHook('onRequest', (request, reply, done) => {
    const bearer = bearerToken(request);
    const token = bearer ? undefined : request.cookies[nameFor(request, sessionCookie)];
    // A caller without credentials (most reads) costs no promise; routeOptions is built anew on each call.
    if ((!bearer && !token) || request.routeOptions.config.auth === undefined) return done();
    identify(request, reply, bearer, token).then(() => done(), done);
  });
});
