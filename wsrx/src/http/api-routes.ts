// The browser-facing API: /version, /connect, /pool and /popup. The scope is always the request's Origin.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DaemonContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import type { Scope } from '../scopes.ts';
import { WSRX_API_VERSION } from '../version.ts';
import { readJsonObject, readLenientJson } from './body.ts';
import { sendEmpty, sendJson } from './respond.ts';

export interface ApiRequest {
  ctx: DaemonContext;
  req: IncomingMessage;
  res: ServerResponse;
  origin: string | undefined;
}

type Handler = (request: ApiRequest) => Promise<void> | void;

const requireOrigin = (origin: string | undefined): string => {
  if (!origin)
    throw new HttpError(403, 'Missing Origin header: every request belongs to the scope of its Origin');
  return origin;
};

/** The caller's scope, which must exist and be allowed to manage tunnels. */
const allowedScope = (ctx: DaemonContext, origin: string | undefined): Scope => {
  const host = requireOrigin(origin);
  const scope = ctx.scopes.get(host);
  if (!scope) throw new HttpError(403, `Scope ${host} not found`);
  if (scope.state === 'pending') {
    throw new HttpError(403, `Scope ${host} is waiting for approval: run \`pennon-wsrx allow ${host}\``);
  }
  if (scope.state === 'denied') throw new HttpError(403, `Scope ${host} was denied`);
  return scope;
};

const getVersion: Handler = ({ res }) => sendJson(res, 200, WSRX_API_VERSION);

const getConnect: Handler = ({ ctx, res, origin }) => {
  const host = requireOrigin(origin);
  const scope = ctx.scopes.get(host);
  if (!scope || scope.state === 'denied') throw new HttpError(403, `Scope ${host} not found`);
  sendEmpty(res, scope.state === 'pending' ? 201 : 202);
};

const postConnect: Handler = async ({ ctx, req, res, origin }) => {
  const host = requireOrigin(origin);
  const body = await readLenientJson(req, ctx.maxBodyBytes);
  const result = ctx.scopes.register(host, body);
  if (result === 'denied') throw new HttpError(403, `Scope ${host} was denied`);
  if (result === 'created') {
    const scope = ctx.scopes.get(host);
    ctx.log.info('scope.pending', { scope: host, name: scope?.name, approve: `pennon-wsrx allow ${host}` });
  }
  sendEmpty(res, result === 'created' ? 200 : 202);
};

const patchConnect: Handler = async ({ ctx, req, res, origin }) => {
  const host = requireOrigin(origin);
  const body = await readJsonObject(req, ctx.maxBodyBytes);
  if (typeof body.name !== 'string' || !Array.isArray(body.features)) {
    throw new HttpError(422, 'Fields `name` (string) and `features` (array) are required');
  }
  const scope = ctx.scopes.get(host);
  if (!scope || scope.state === 'denied') throw new HttpError(403, `Scope ${host} not found`);
  ctx.scopes.update(host, body);
  sendEmpty(res, 200);
};

const getPool: Handler = ({ ctx, res, origin }) => {
  const scope = allowedScope(ctx, origin);
  sendJson(
    res,
    200,
    ctx.pool.list(scope.host).map(({ label, remote, local, latency }) => ({
      label,
      remote,
      local,
      from: local,
      to: remote,
      latency,
    })),
  );
};

const postPool: Handler = async ({ ctx, req, res, origin }) => {
  const scope = allowedScope(ctx, origin);
  const body = await readJsonObject(req, ctx.maxBodyBytes);
  const remote = body.remote ?? body.to;
  const local = body.local ?? body.from;
  if (remote === undefined) throw new HttpError(422, 'Missing field `remote`');
  if (local === undefined) throw new HttpError(422, 'Missing field `local`');
  const { tunnel } = await ctx.pool.add(scope.host, { label: body.label, remote, local });
  sendJson(res, 200, tunnel.info());
};

const deletePool: Handler = async ({ ctx, req, res, origin }) => {
  const scope = allowedScope(ctx, origin);
  const body = await readJsonObject(req, ctx.maxBodyBytes);
  const local = body.local ?? body.key;
  if (typeof local !== 'string') throw new HttpError(422, 'Missing field `local`');
  const tunnel = ctx.pool.get(local);
  if (!tunnel) throw new HttpError(400, `Tunnel ${local} not found`);
  if (tunnel.scopeHost !== scope.host)
    throw new HttpError(400, `Tunnel ${local} not found in scope ${scope.host}`);
  await ctx.pool.remove(local, 'deleted by the site');
  sendEmpty(res, 200);
};

const postPopup: Handler = ({ ctx, res, origin }) => {
  const pending = ctx.scopes.list().filter((scope) => scope.state === 'pending');
  ctx.log.info('popup', {
    from: origin ?? 'local',
    pending: pending.map((scope) => scope.host).join(',') || 'none',
  });
  sendEmpty(res, 200);
};

export const API_ROUTES: Record<string, Record<string, Handler>> = {
  '/version': { GET: getVersion },
  '/connect': { GET: getConnect, POST: postConnect, PATCH: patchConnect },
  '/pool': { GET: getPool, POST: postPool, DELETE: deletePool },
  '/popup': { POST: postPopup },
};
