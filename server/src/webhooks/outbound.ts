// Outbound webhook requests: to public addresses only (unless PENNON_WEBHOOK_ALLOW_PRIVATE), judged by the address
// actually connected to, not the host name's text, so a name that resolves to 127.0.0.1 or a rebinding DNS answer
// is refused too. No redirect is followed, the whole exchange has a deadline and only the start of the answer is read.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/** The ranges no webhook may reach: private, loopback, link-local, shared, multicast, reserved and unspecified. */
const refusedRanges = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 3],
  ] as const)
    list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['64:ff9b::', 96],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(net, prefix, 'ipv6');
  return list;
})();

/** Whether an IP address is one a webhook may not reach. */
export const isRefusedAddress = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isRefusedAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return refusedRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/** A request not sent: its URL or address is refused, or it failed before an answer came. */
export class OutboundError extends Error {
  override name = 'OutboundError';
}

export interface OutboundOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  /** The most bytes of an answer read; the rest is dropped with the connection. */
  maxResponseBytes: number;
  /** Host name → addresses; Node's resolver unless a test gives another. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export interface OutboundRequest {
  method: 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface OutboundAnswer {
  status: number;
  /** The start of the body, as text. */
  body: string;
}

const systemResolve = (hostname: string) => dns.promises.lookup(hostname, { all: true });

/** Sends one request; answers its status and the start of its body, or throws an OutboundError. */
export const sendOutbound = async (
  request: OutboundRequest,
  options: OutboundOptions,
): Promise<OutboundAnswer> => {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new OutboundError('the URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('only http(s) URLs are sent');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const resolve = options.resolve ?? systemResolve;
  // The address is resolved and checked here, and the connection made to that very address (no second look-up).
  let address = host;
  let family = isIP(host);
  if (family === 0) {
    let found: { address: string; family: number }[];
    try {
      found = await resolve(host);
    } catch (error) {
      throw new OutboundError(`${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? error})`);
    }
    const refused = options.allowPrivate ? undefined : found.find((a) => isRefusedAddress(a.address));
    if (refused) throw new OutboundError(`${host} resolves to ${refused.address}, a non-public address`);
    const [first] = found;
    if (!first) throw new OutboundError(`${host} does not resolve`);
    ({ address, family } = first);
  } else if (!options.allowPrivate && isRefusedAddress(host)) {
    throw new OutboundError(`${host} is a non-public address`);
  }
  const lookup: http.RequestOptions['lookup'] = (_name, lookupOptions, callback) => {
    if ((lookupOptions as dns.LookupOptions).all) callback(null, [{ address, family }] as never);
    else callback(null, address, family);
  };
  const body = Buffer.from(request.body);
  return new Promise<OutboundAnswer>((resolvePromise, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: request.method,
      headers: { ...request.headers, 'content-length': String(body.length) },
      lookup,
      agent: false,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    req.on('error', (error) =>
      reject(
        new OutboundError(
          error.name === 'AbortError' || error.name === 'TimeoutError'
            ? `no answer within ${options.timeoutMs} ms`
            : error.message,
        ),
      ),
    );
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        resolvePromise({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).subarray(0, options.maxResponseBytes).toString('utf8'),
        });
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= options.maxResponseBytes) done();
      });
      res.on('end', done);
      res.on('error', done);
    });
    req.end(body);
  });
};
