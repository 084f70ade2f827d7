// The daemon's HTTP server: dispatch by path to the API (with CORS per route group) or the control API.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { WSRX_CONTROL_PREFIX } from '@pennon/sdk/wsrx/control';
import type { DaemonContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { API_ROUTES } from './api-routes.ts';
import { handleControl } from './control-routes.ts';
import { corsHeaders, preflightHeaders, type RouteGroup } from './cors.ts';
import { sendEmpty, sendText } from './respond.ts';

const GROUPS: Record<string, RouteGroup> = {
  '/version': 'open',
  '/connect': 'open',
  '/pool': 'scoped',
  '/popup': 'scoped',
};

/** For /pool and /popup, the origin of a known scope that is not denied (pending ones pass, as on the desktop). */
const scopedOrigin = (ctx: DaemonContext, origin: string | undefined): string | undefined => {
  const scope = ctx.scopes.get(origin);
  return scope && scope.state !== 'denied' ? scope.host : undefined;
};

const handle = async (ctx: DaemonContext, req: IncomingMessage, res: ServerResponse): Promise<void> => {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path.startsWith(WSRX_CONTROL_PREFIX)) return handleControl(ctx, req, res);
  const group = GROUPS[path];
  const routes = API_ROUTES[path];
  if (!group || !routes) return sendEmpty(res, 404);

  const origin = req.headers.origin;
  const allowedOrigin = group === 'scoped' ? scopedOrigin(ctx, origin) : origin;
  if (req.method === 'OPTIONS') {
    return sendEmpty(res, 204, preflightHeaders(group, req, allowedOrigin));
  }
  for (const [name, value] of Object.entries(corsHeaders(group, allowedOrigin))) {
    if (value !== undefined) res.setHeader(name, value);
  }
  const handler = routes[req.method ?? ''];
  if (!handler) return sendEmpty(res, 405, { Allow: ['OPTIONS', ...Object.keys(routes)].join(', ') });
  await handler({ ctx, req, res, origin });
};

export const createApiServer = (ctx: DaemonContext): Server => {
  const server = createServer((req, res) => {
    handle(ctx, req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      const fields = { method: req.method, url: req.url, origin: req.headers.origin, status, error: message };
      if (status >= 500) ctx.log.error('http.error', fields);
      else ctx.log.info('http.refused', fields);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (status === 413) res.setHeader('Connection', 'close');
      sendText(res, status, message);
    });
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  return server;
};
