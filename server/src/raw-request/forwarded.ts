// The scheme and host a client used, read the way Fastify reads `request.protocol` and `request.host`
// (X-Forwarded-Proto and -Host only from a trusted proxy), for raw requests Fastify never sees: WebSocket upgrades.
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { ProxyTrust } from '../proxy-trust.ts';

/** The last value of a header a chain of proxies may have appended to. */
const lastEntry = (value: string | string[] | undefined): string | undefined => {
  const joined = Array.isArray(value) ? value.join(',') : value;
  return joined?.slice(joined.lastIndexOf(',') + 1).trim() || undefined;
};

/** `https` or `http`, and the Host, as the client asked for them. */
export const forwardedOrigin = (
  request: IncomingMessage,
  trusted: ProxyTrust,
): { protocol: string; host: string } => {
  const viaProxy = trusted(request.socket.remoteAddress ?? '', 0);
  const forwardedProto = viaProxy ? lastEntry(request.headers['x-forwarded-proto']) : undefined;
  const forwardedHost = viaProxy ? lastEntry(request.headers['x-forwarded-host']) : undefined;
  return {
    protocol: forwardedProto ?? ((request.socket as TLSSocket).encrypted ? 'https' : 'http'),
    host: forwardedHost ?? request.headers.host ?? '',
  };
};
