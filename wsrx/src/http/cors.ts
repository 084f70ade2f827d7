// CORS per route group.
// * open (/version, /connect): any origin may read; preflight allows GET, POST and PATCH.
// * scoped (/pool, /popup): only the origin of a known, not denied, scope; it is mirrored back.
// Preflights that ask for Private Network Access get `Access-Control-Allow-Private-Network: true`
// whenever the origin is allowed at all.
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';

export type RouteGroup = 'open' | 'scoped';

const METHODS: Record<RouteGroup, string> = {
  open: 'GET, POST, PATCH',
  scoped: 'GET, POST, PATCH, DELETE',
};

/** Headers for an actual (non-preflight) response; empty when the origin may not read it. */
export const corsHeaders = (group: RouteGroup, allowedOrigin: string | undefined): OutgoingHttpHeaders => {
  if (group === 'open') return { 'Access-Control-Allow-Origin': '*' };
  return allowedOrigin
    ? { 'Access-Control-Allow-Origin': allowedOrigin, Vary: 'Origin' }
    : { Vary: 'Origin' };
};

export const preflightHeaders = (
  group: RouteGroup,
  req: IncomingMessage,
  allowedOrigin: string | undefined,
): OutgoingHttpHeaders => {
  const headers = corsHeaders(group, allowedOrigin);
  if (!headers['Access-Control-Allow-Origin']) return headers;
  headers['Access-Control-Allow-Methods'] = METHODS[group];
  headers['Access-Control-Allow-Headers'] = req.headers['access-control-request-headers'] || '*';
  headers['Access-Control-Max-Age'] = '600';
  if (req.headers['access-control-request-private-network'] === 'true') {
    headers['Access-Control-Allow-Private-Network'] = 'true';
  }
  return headers;
};
