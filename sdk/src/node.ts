// @pennon/sdk/node: a client for Node scripts that keeps its session like a browser would, in a cookie
// jar (tough-cookie, kept out of the browser entry), or authenticates with an API token.
import { CookieJar } from 'tough-cookie';
import { type ClientOptions, createRequester, PennonClient } from './client.ts';
import type { Requester } from './transport/transport.ts';

/** Client options for Node: the platform address is required, and a token or a cookie jar may be given. */
export interface NodeClientOptions extends ClientOptions {
  /** Where the platform is, e.g. `https://ctf.example.com`; required in Node. */
  baseUrl: string;
  /** An API token sent as `Authorization: Bearer <token>` on every call. */
  token?: string;
  /** The jar the session cookies live in; a fresh one when left out (share one to share a session). */
  cookieJar?: CookieJar;
}

/**
 * A fetch that sends the jar's cookies for each URL and stores every `Set-Cookie` of the answer.
 * Redirects are followed by the underlying fetch, so cookies set by an intermediate hop are not kept.
 */
export const cookieFetch = (
  jar: CookieJar,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): typeof globalThis.fetch => {
  return async (input, init) => {
    const request = new Request(input, init);
    const cookie = await jar.getCookieString(request.url);
    let outgoing = request;
    if (cookie !== '') {
      const headers = new Headers(request.headers);
      headers.set('cookie', cookie);
      outgoing = new Request(request, { headers });
    }
    const response = await fetch(outgoing);
    const url = response.url || request.url;
    for (const setCookie of response.headers.getSetCookie()) {
      await jar.setCookie(setCookie, url, { ignoreError: true });
    }
    return response;
  };
};

/** Client options for Node: cookies a login sets are kept and sent back; `token` adds a Bearer header. */
export const nodeClientOptions = (options: NodeClientOptions): ClientOptions => {
  const { token, cookieJar = new CookieJar(), fetch, headers, ...rest } = options;
  return {
    ...rest,
    fetch: cookieFetch(cookieJar, fetch),
    headers: token === undefined ? { ...headers } : { ...headers, authorization: `Bearer ${token}` },
  };
};

/** A PennonClient for Node (see `nodeClientOptions`). */
export const createNodeClient = (options: NodeClientOptions): PennonClient =>
  new PennonClient(nodeClientOptions(options));

/** A requester for Node (see `createRequester` and `nodeClientOptions`), for scripts that use a few groups. */
export const createNodeRequester = (options: NodeClientOptions): Requester =>
  createRequester(nodeClientOptions(options));

export { CookieJar };
