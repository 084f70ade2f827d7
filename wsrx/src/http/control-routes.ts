// The control API used by the `pennon-wsrx` commands and the browser companion (paired with
// `pennon-wsrx pair`): list scopes and tunnels, allow, deny, remove. Only for loopback callers that
// carry the token stored in the state dir (`Authorization: Bearer <token>`); of browsers, only extension
// pages may call it (web pages are refused outright, token or not), and only they get CORS headers.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import {
  WSRX_CONTROL_PREFIX,
  type WsrxControlAction,
  type WsrxControlRemoved,
  type WsrxControlScopeEntry,
  type WsrxControlTunnel,
  wsrxControlRoutes,
} from '@pennon/sdk/wsrx/control';
import { isLoopback } from '../address.ts';
import type { DaemonContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { normalizeOrigin } from '../scopes.ts';
import { readJsonObject } from './body.ts';
import { sendEmpty, sendJson } from './respond.ts';

/** `GET scopes`: how a route of the SDK's table reads as a request's method and path. */
const route = (action: WsrxControlAction) =>
  `${wsrxControlRoutes[action].method} ${wsrxControlRoutes[action].path}`;

const isLoopbackHost = (host: string | undefined): boolean => {
  if (!host) return false;
  const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return name === 'localhost' || (isIP(name) !== 0 && isLoopback(name));
};

const tokenMatches = (header: string | undefined, token: string): boolean => {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** Origins of browser extension pages (Chromium, Firefox, Safari): the only browser callers allowed. */
const EXTENSION_ORIGIN = /^(chrome|moz|safari-web)-extension:\/\/[\w-]+$/;

const extensionOrigin = (req: IncomingMessage): string | undefined => {
  const origin = req.headers.origin;
  return origin !== undefined && EXTENSION_ORIGIN.test(origin) ? origin : undefined;
};

const corsFor = (origin: string | undefined): OutgoingHttpHeaders =>
  origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};

const authorize = (ctx: DaemonContext, req: IncomingMessage): void => {
  if (req.headers.origin !== undefined && !extensionOrigin(req)) {
    throw new HttpError(403, 'The control API does not answer web pages');
  }
  if (!isLoopback(req.socket.remoteAddress) || !isLoopbackHost(req.headers.host)) {
    throw new HttpError(403, 'The control API answers loopback callers only');
  }
  if (!tokenMatches(req.headers.authorization, ctx.controlToken)) {
    throw new HttpError(401, 'Missing or wrong control token (see control-token in the state dir)');
  }
};

const originOf = async (ctx: DaemonContext, req: IncomingMessage): Promise<string> => {
  const body = await readJsonObject(req, ctx.maxBodyBytes);
  if (typeof body.origin !== 'string' || body.origin.trim() === '') {
    throw new HttpError(422, 'Field `origin` (string) is required');
  }
  return normalizeOrigin(body.origin);
};

const listScopes = (ctx: DaemonContext): WsrxControlScopeEntry[] =>
  ctx.scopes.list().map(({ claimed: _claimed, ...scope }) => ({
    ...scope,
    tunnels: ctx.pool.list(scope.host).length,
  }));

export const handleControl = async (ctx: DaemonContext, req: IncomingMessage, res: ServerResponse) => {
  const extension = extensionOrigin(req);
  // The token travels in Authorization, so an extension's call is preflighted; the preflight carries no token.
  if (req.method === 'OPTIONS' && extension) {
    return sendEmpty(res, 204, {
      ...corsFor(extension),
      'Access-Control-Allow-Methods': 'GET, POST',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
      'Access-Control-Max-Age': '600',
    });
  }
  for (const [name, value] of Object.entries(corsFor(extension))) res.setHeader(name, value as string);
  authorize(ctx, req);
  const action = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname.slice(WSRX_CONTROL_PREFIX.length)}`;
  switch (action) {
    case route('scopes'):
      return sendJson(res, 200, listScopes(ctx));
    case route('tunnels'):
      return sendJson(
        res,
        200,
        ctx.pool
          .list()
          .map((tunnel): WsrxControlTunnel => ({ ...tunnel.info(), connections: tunnel.connections })),
      );
    case route('allow'): {
      const origin = await originOf(ctx, req);
      const scope = ctx.scopes.allow(origin);
      ctx.log.info('scope.allowed', { scope: origin });
      return sendJson(res, 200, scope);
    }
    case route('deny'): {
      const origin = await originOf(ctx, req);
      const scope = ctx.scopes.deny(origin);
      const closed = await ctx.pool.removeScope(origin, 'scope denied');
      ctx.log.info('scope.denied', { scope: origin, tunnels: closed });
      return sendJson(res, 200, scope);
    }
    case route('remove'): {
      const origin = await originOf(ctx, req);
      const closed = await ctx.pool.removeScope(origin, 'scope removed');
      if (!ctx.scopes.remove(origin)) throw new HttpError(404, `Scope ${origin} not found`);
      ctx.log.info('scope.removed', { scope: origin, tunnels: closed });
      return sendJson(res, 200, { removed: origin, tunnels: closed } satisfies WsrxControlRemoved);
    }
    default:
      throw new HttpError(404, `No control action ${action}`);
  }
};
