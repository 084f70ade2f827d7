// Whose X-Forwarded-For counts (`PENNON_TRUST_PROXY`): settings build the rule, raw-request/client-address.ts
// applies it to every request, so a spoofed chain resolves alike for Fastify and for the upgrades it never sees.
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
