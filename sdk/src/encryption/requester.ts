// Wraps a requester so the body fields a route marks `encrypted` go out encrypted whenever the platform asks for
// it (`apiPublicKey` in its config, §1.8). The config is fetched on the first such call and its key kept; when
// the platform refuses a call (400) and its key has changed meanwhile (encryption turned on, off, or on again),
// the call is sent once more with the new key. Where WebCrypto lacks X25519 (insecure contexts, old browsers),
// the call fails with a PennonError saying so rather than sending the secret in plain text.
import type { Endpoint } from '../contract/route.ts';
import { info } from '../contract/routes/info.ts';
import { isPennonError } from '../errors/pennon-error.ts';
import type { PlainRequester } from '../transport/transport.ts';
import { encryptPayload, importPlatformKey, type PlatformKey } from './payload.ts';

type Body = Record<string, unknown>;
interface Known {
  /** `apiPublicKey` as the platform published it. */
  published: string | null | undefined;
  key: PlatformKey | null;
}

/** What a call goes out with when the config could not be read (an older server, a network blip): no key. */
const unknown: Known = { published: undefined, key: null };

export const withPayloadEncryption = (request: PlainRequester): PlainRequester => {
  let known: Promise<Known> | undefined;
  const platformKey = (): Promise<Known> => {
    known ??= request(info.config, { retry: 0 }).then(
      async ({ apiPublicKey }) => ({
        published: apiPublicKey,
        key: apiPublicKey ? await importPlatformKey(apiPublicKey) : null,
      }),
      // Not remembered: the next call asks again.
      () => {
        known = undefined;
        return unknown;
      },
    );
    return known;
  };

  const send = async (route: Endpoint, args: { body: Body }, key: PlatformKey | null) => {
    const body: Body = { ...args.body };
    for (const field of key ? (route.encrypted ?? []) : []) {
      const value = body[field];
      if (typeof value === 'string') body[field] = await encryptPayload(key as PlatformKey, value);
    }
    return request(route, { ...args, body } as never);
  };

  const encrypting = async (route: Endpoint, args: { body: Body }) => {
    const used = await platformKey();
    try {
      return await send(route, args, used.key);
    } catch (err) {
      if (!isPennonError(err) || err.status !== 400) throw err;
      known = undefined;
      const fresh = await platformKey();
      if (fresh === unknown || fresh.published === used.published) throw err;
      return send(route, args, fresh.key);
    }
  };

  return ((route: Endpoint, ...rest: [{ body?: unknown }?]) => {
    const args = rest[0];
    return route.encrypted && args?.body
      ? encrypting(route, args as { body: Body })
      : request(route, ...(rest as []));
  }) as PlainRequester;
};
