// The client address the trusted proxies' X-Forwarded-For gives (proxy-trust.ts): one rule for every request.
// Fastify reads `request.ip` with proxy-addr and the same trust function; requests Fastify never sees (WebSocket
// upgrades) go through here, so a spoofed chain resolves alike on both.
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { ProxyTrust } from '../proxy-trust.ts';

/**
 * The right-most address of the chain (socket peer, then X-Forwarded-For from right to left) that no trusted
 * proxy vouches for: everything left of it was written by the client and proves nothing.
 */
export const clientAddress = (request: IncomingMessage, trust: ProxyTrust): string =>
  proxyAddr(request, trust) ?? '';
