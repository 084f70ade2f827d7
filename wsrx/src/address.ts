// Local listen addresses: `ip:port`, `[ipv6]:port` or `hostname:port` in; the bound `ip:port` out.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { HttpError } from './errors.ts';

export interface ListenAddress {
  host: string;
  port: number;
}

export const parseLocal = (value: unknown): { host: string; port: number } => {
  if (typeof value !== 'string')
    throw new HttpError(422, 'Field `local` must be a string such as 127.0.0.1:0');
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(value.trim());
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  if (!host || !Number.isInteger(port) || port > 65535 || (match?.[1] && isIP(match[1]) !== 6)) {
    throw new HttpError(400, `failed to parse from address ${JSON.stringify(value)}`);
  }
  return { host, port };
};

/** Resolves a hostname to its first address, as the desktop does. */
export const resolveLocal = async (value: unknown): Promise<ListenAddress> => {
  const { host, port } = parseLocal(value);
  if (isIP(host)) return { host, port };
  try {
    const { address } = await lookup(host);
    return { host: address, port };
  } catch {
    throw new HttpError(400, `failed to get socket addr for ${JSON.stringify(value)}`);
  }
};

export const formatAddress = (host: string, port: number): string =>
  isIP(host) === 6 ? `[${host}]:${port}` : `${host}:${port}`;

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x: addresses no other machine can reach. */
export const isLoopback = (address: string | undefined): boolean =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/** Whether listening on `host` keeps the daemon to this machine: an IP, or a name all of whose addresses are loopback. */
export const listensOnLoopbackOnly = async (host: string): Promise<boolean> => {
  if (isIP(host)) return isLoopback(host);
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.length > 0 && addresses.every(({ address }) => isLoopback(address));
  } catch {
    return false;
  }
};
