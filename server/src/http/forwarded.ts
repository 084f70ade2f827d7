// The scheme and host a client used, read the way Fastify reads `request.protocol` and `request.host`
// (X-Forwarded-Proto and -Host only from a trusted proxy), for raw requests Fastify never sees: WebSocket upgrades.
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerOptions } from 'fastify';

type TrustProxy = FastifyServerOptions['trustProxy'];

/** Whether the peer at `address` is a proxy whose X-Forwarded-* headers count; Fastify's rules for `trustProxy`. */
export const proxyTrust = (trustProxy: TrustProxy): ((address: string) => boolean) => {
  if (!trustProxy) return () => false;
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === 'function') return (address) => trustProxy(address, 0);
  // A hop count cannot vouch for the immediate peer.
  if (typeof trustProxy === 'number') return () => false;
  const trusted = proxyAddr.compile(
    typeof trustProxy === 'string' ? trustProxy.split(',').map((item) => item.trim()) : trustProxy,
  );
  return (address) => trusted(address, 0);
};

/** The last value of a header a chain of proxies may have appended to. */
const lastEntry = (value: string | string[] | undefined): string | undefined => {
  const joined = Array.isArray(value) ? value.join(',') : value;
  return joined?.slice(joined.lastIndexOf(',') + 1).trim() || undefined;
};

/** `https` or `http`, and the Host, as the client asked for them. */
export const forwardedOrigin = (
  request: IncomingMessage,
  trusted: (address: string) => boolean,
): { protocol: string; host: string } => {
  const viaProxy = trusted(request.socket.remoteAddress ?? '');
  const forwardedProto = viaProxy ? lastEntry(request.headers['x-forwarded-proto']) : undefined;
  const forwardedHost = viaProxy ? lastEntry(request.headers['x-forwarded-host']) : undefined;
  return {
    protocol: forwardedProto ?? ((request.socket as TLSSocket).encrypted ? 'https' : 'http'),
    host: forwardedHost ?? request.headers.host ?? '',
  };
};
