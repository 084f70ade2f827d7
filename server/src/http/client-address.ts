// Whose X-Forwarded-For counts, and the client address it then gives: one rule for every request. Fastify reads
// `request.ip` with proxy-addr and the trust function given here; requests Fastify never sees (WebSocket upgrades)
// go through the same library with the same function, so a spoofed chain resolves alike on both.
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Whether the address `hop` steps from the server (0: the socket's peer) is a proxy whose word counts. */
export type ProxyTrust = (address: string, hop: number) => boolean;

export const trustNobody: ProxyTrust = () => false;

/** The `hops` nearest peers, whatever their address: every connection must come through that many proxies. */
export const trustHops =
  (hops: number): ProxyTrust =>
  (_address, hop) =>
    hop < hops;

/**
 * Peers within these addresses or CIDRs (or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 * Throws a TypeError naming the first that is none of those.
 */
export const trustAddresses = (list: readonly string[]): ProxyTrust => proxyAddr.compile([...list]);

/**
 * The right-most address of the chain (socket peer, then X-Forwarded-For from right to left) that no trusted
 * proxy vouches for: everything left of it was written by the client and proves nothing.
 */
export const clientAddress = (request: IncomingMessage, trust: ProxyTrust): string =>
  proxyAddr(request, trust) ?? '';
