// From a route and its arguments to the URL fetched.

/** A query value as the contract types it; `undefined`/`null` leave the key out, arrays repeat it. */
export type QueryValue = string | number | boolean | Date | null | undefined | readonly QueryValue[];

const queryText = (value: Exclude<QueryValue, readonly QueryValue[] | null | undefined>): string =>
  value instanceof Date ? value.toISOString() : String(value);

/** Fills the `{name}` placeholders of `path` with URL-encoded `params`. */
export const fillPath = (path: string, params: Readonly<Record<string, unknown>> = {}): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value == null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });

/** `?a=1&b=x` from an object, leaving out undefined and null; empty when nothing is left. */
export const queryString = (query: Readonly<Record<string, QueryValue>> = {}): string => {
  const search = new URLSearchParams();
  const add = (key: string, value: QueryValue) => {
    if (value == null) return;
    if (Array.isArray(value)) {
      for (const item of value) add(key, item);
    } else {
      search.append(key, queryText(value as Exclude<QueryValue, readonly QueryValue[] | null | undefined>));
    }
  };
  for (const [key, value] of Object.entries(query)) add(key, value);
  const text = search.toString();
  return text && `?${text}`;
};

/**
 * The origin (and optional path prefix) every route path is appended to, without a trailing slash.
 * Defaults to the page's origin when it is a web one; elsewhere (Node, an extension's own pages and
 * service worker, file://) a base URL must be given.
 */
export const resolveBaseUrl = (baseUrl: string | undefined): string => {
  // Read through globalThis so Node consumers type-check without the DOM lib (no `location` global there).
  const here = (globalThis as { location?: { protocol: string; origin: string; href: string } }).location;
  if (baseUrl === undefined) {
    if (here?.protocol !== 'http:' && here?.protocol !== 'https:') {
      throw new TypeError(
        `PennonClient: no baseUrl given and ${here ? `${here.protocol} pages are` : 'this runtime is'} ` +
          'not served by the platform; pass its address as baseUrl',
      );
    }
    return here.origin;
  }
  let url: URL;
  try {
    url = new URL(baseUrl, here?.href);
  } catch (cause) {
    throw new TypeError(`PennonClient: baseUrl "${baseUrl}" is not a valid URL`, { cause });
  }
  if (url.search || url.hash) {
    throw new TypeError(`PennonClient: baseUrl "${baseUrl}" must not carry a query or fragment`);
  }
  return url.href.replace(/\/+$/, '');
};
