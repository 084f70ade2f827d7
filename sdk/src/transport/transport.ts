// The requester: one ky instance carrying the request policy, and a typed `request(route, args)`.
import ky, { HTTPError, type Hooks as KyHooks, type KyInstance, type Options, type RetryOptions } from 'ky';
import type { TObject, TSchema } from 'typebox';
import type {
  Endpoint,
  RouteBody,
  RouteParams,
  RouteQuery,
  RouteResponse,
  SchemaOf,
} from '../contract/route.ts';
import { PennonError } from '../errors/pennon-error.ts';
import { fileNameFromContentDisposition, fileNameFromUrl } from './content-disposition.ts';
import { defaults, type RetryPolicy, resolveRetry } from './defaults.ts';
import type { RouteCall } from './pages.ts';
import { parseRetryAfter } from './retry-after.ts';
import { toPennonError } from './to-pennon-error.ts';
import { fillPath, type QueryValue, queryString, resolveBaseUrl } from './url.ts';

/** What a hook is told besides the request: the route called, and the attempt (0 first, then 1, 2, … on retries). */
export interface HookContext {
  readonly route: Endpoint;
  readonly retryCount: number;
}

/** What a hook may hand back: a replacement, or nothing to go on as it was (a hook that only looks). */
export type HookResult<T> = T | undefined | Promise<T | undefined>;

/**
 * Before each attempt of every call: change the request (a header, a trace id), return another `Request` to send
 * instead, or a `Response` to answer the call without sending anything.
 */
export type BeforeRequestHook =
  | ((request: Request, context: HookContext) => HookResult<Request | Response>)
  | ((request: Request, context: HookContext) => void);

/**
 * With each answer (a copy), error statuses and 304s too, before the SDK reads it: log it, time it, or return
 * another `Response` to use instead.
 */
export type AfterResponseHook =
  | ((request: Request, response: Response, context: HookContext) => HookResult<Response>)
  | ((request: Request, response: Response, context: HookContext) => void);

/** Before each retry, with the failure of the attempt before (as the `PennonError` the call would reject with). */
export type BeforeRetryHook = (
  request: Request,
  error: PennonError,
  context: HookContext,
) => void | Promise<void>;

/** Functions called around every HTTP call of a client, in order (the model is ky's hooks). */
export interface Hooks {
  beforeRequest?: readonly BeforeRequestHook[];
  afterResponse?: readonly AfterResponseHook[];
  beforeRetry?: readonly BeforeRetryHook[];
}

/** The language sent as `Accept-Language`: fixed, or read before every call. */
export type Language = string | (() => string | null | undefined);

/**
 * How the client talks to the platform: its address, language, headers, hooks, retries, timeout and
 * fetch.
 */
export interface TransportOptions {
  /**
   * Where the platform is, e.g. `https://ctf.example.com` (a path prefix is kept). Defaults to the page's
   * origin; required where there is none (Node, and extension service workers, whose origin is the extension).
   */
  baseUrl?: string;
  /** Sent as `Accept-Language`; the server localises its messages (`title`) to it. */
  language?: Language;
  /** Per attempt, in ms; `false` for none. Default `defaults.timeout`. */
  timeout?: number | false;
  /** Replaces fields of `defaults.retry`; a number sets the limit (0: never retry). */
  retry?: number | Partial<RetryPolicy>;
  /** A fetch to use instead of the global one (Node scripts, cookie jars, tests). */
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every call. */
  headers?: Readonly<Record<string, string>>;
  /** Called around every call: logging, tracing, a header computed per request. */
  hooks?: Hooks;
}

/** What any call accepts besides the route's own arguments. */
export interface CallOptions {
  /** Aborting it ends the call (the connection too): it rejects with a PennonError of kind `aborted`. */
  signal?: AbortSignal;
  /** This call's timeout, replacing the client's. */
  timeout?: number | false;
  /** This call's retry policy, over the client's. */
  retry?: number | Partial<RetryPolicy>;
}

type EmptyObject = Record<never, never>;

type ParamsArg<R extends Endpoint> =
  SchemaOf<R, 'params'> extends TObject ? { params: RouteParams<R> } : { params?: undefined };

type QueryArg<R extends Endpoint> =
  SchemaOf<R, 'query'> extends TObject
    ? EmptyObject extends RouteQuery<R>
      ? { query?: RouteQuery<R> }
      : { query: RouteQuery<R> }
    : { query?: undefined };

type BodyArg<R extends Endpoint> =
  SchemaOf<R, 'body'> extends TSchema
    ? undefined extends RouteBody<R>
      ? { body?: RouteBody<R> }
      : { body: RouteBody<R> }
    : { body?: undefined };

type UploadArg<R extends Endpoint> = R['upload'] extends 'files'
  ? { files: readonly Blob[] }
  : R['upload'] extends 'file'
    ? { file: Blob }
    : EmptyObject;

/** The arguments of a call of route `R`: its params, query, body or file(s), and `CallOptions`. */
export type RequestArgs<R extends Endpoint> = CallOptions &
  ParamsArg<R> &
  QueryArg<R> &
  BodyArg<R> &
  UploadArg<R>;

/** The arguments may be left out when the route needs none. */
export type RequestArgsTuple<R extends Endpoint> =
  EmptyObject extends RequestArgs<R> ? [args?: RequestArgs<R>] : [args: RequestArgs<R>];

/** Calls any route; a call of a paged list is also an async iterable over the whole list (`RouteCall`). */
export type Requester = <R extends Endpoint>(route: R, ...args: RequestArgsTuple<R>) => RouteCall<R>;

/** A requester whose calls are plain promises (`Transport.request`, and what the paging is laid over). */
export type PlainRequester = <R extends Endpoint>(
  route: R,
  ...args: RequestArgsTuple<R>
) => Promise<RouteResponse<R>>;

interface LooseArgs extends CallOptions {
  params?: Record<string, unknown>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  file?: Blob;
  files?: readonly Blob[];
}

// ky takes the policy's fields as they are (it lower-cases the methods into a copy and mutates no array).
const kyRetry = (policy: RetryPolicy): RetryOptions => ({
  ...(policy as RetryOptions & RetryPolicy),
  // Asked to wait longer than we would, give up now: the caller sees `retryAfter` on the error.
  shouldRetry: ({ error }) => {
    if (!(error instanceof HTTPError) || !policy.afterStatusCodes.includes(error.response.status)) {
      return undefined;
    }
    const wait = parseRetryAfter(error.response.headers.get('retry-after'));
    return wait !== undefined && wait > policy.maxRetryAfter ? false : undefined;
  },
});

const multipart = (field: 'file' | 'files', args: LooseArgs): FormData => {
  const form = new FormData();
  const blobs = field === 'file' ? [args.file] : (args.files ?? []);
  for (const blob of blobs) {
    if (blob === undefined) throw new TypeError(`Missing the "${field}" to upload`);
    form.append(field, blob);
  }
  return form;
};

const decode = async (route: Endpoint, response: Response, url: string): Promise<unknown> => {
  if (route.response === 'download') {
    const data = await response.blob();
    const header = response.headers.get('content-disposition');
    return { data, fileName: fileNameFromContentDisposition(header) ?? fileNameFromUrl(response.url || url) };
  }
  const text = await response.text();
  if (route.response === 'empty' || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new PennonError('bad-response', 'Invalid JSON in the response', {
      status: response.status,
      response,
      cause,
    });
  }
};

const contextOf = (options: { context: Record<string, unknown> }, retryCount: number): HookContext => ({
  route: options.context.route as Endpoint,
  retryCount,
});

/** The SDK's hooks as ky's, told the route through ky's `context`. */
const kyHooks = (hooks: Hooks = {}): KyHooks => ({
  beforeRequest: (hooks.beforeRequest ?? []).map(
    (hook) => (request, options, state) => hook(request, contextOf(options, state.retryCount)),
  ),
  afterResponse: (hooks.afterResponse ?? []).map(
    (hook) => (request, options, response, state) =>
      hook(request, response, contextOf(options, state.retryCount)),
  ),
  beforeRetry: (hooks.beforeRetry ?? []).map(
    (hook) =>
      async ({ request, options, error, retryCount }) =>
        hook(request, await toPennonError(error), contextOf(options, retryCount)),
  ),
});

type CacheEntry = [tag: string, value: unknown];

/** How many ETag'd answers a client remembers (the least recently used are dropped first). */
export const ETAG_CACHE_SIZE = 100;

export class Transport {
  readonly baseUrl: string;
  /** URL → [ETag, decoded answer] of the `etag` routes, least recently used first. */
  readonly #etags = new Map<string, CacheEntry>();
  readonly #ky: KyInstance;
  readonly #language: Language | undefined;
  readonly #timeout: number | false;
  readonly #retry: RetryPolicy;
  #cancel = new AbortController();

  constructor(options: TransportOptions = {}) {
    this.baseUrl = resolveBaseUrl(options.baseUrl);
    this.#language = options.language;
    this.#timeout = options.timeout ?? defaults.timeout;
    this.#retry = resolveRetry(options.retry);
    this.#ky = ky.create({
      fetch: options.fetch,
      headers: options.headers,
      hooks: kyHooks(options.hooks),
    } as Options);
  }

  /** Calls `route` and decodes its answer by the route's `response` kind; fails with a PennonError. */
  async request<R extends Endpoint>(route: R, ...rest: RequestArgsTuple<R>): Promise<RouteResponse<R>> {
    const args: LooseArgs = (rest[0] ?? {}) as LooseArgs;
    if (route.response === 'websocket') {
      throw new TypeError(`${route.path} is a WebSocket endpoint, not for request()`);
    }
    const url = this.baseUrl + fillPath(route.path, args.params) + queryString(args.query);
    const headers: Record<string, string> = {
      accept: route.response === 'download' ? '*/*' : 'application/json',
    };
    const language = typeof this.#language === 'function' ? this.#language() : this.#language;
    if (language) headers['accept-language'] = language;
    const etags = this.#etags;
    const hit = route.etag && etags.get(url);
    if (hit) headers['if-none-match'] = hit[0];

    const cancel = this.#cancel.signal;
    const signal = args.signal ? AbortSignal.any([args.signal, cancel]) : cancel;
    const retry = args.retry === undefined ? this.#retry : resolveRetry(args.retry, this.#retry);
    // ky sends no body for `json: undefined`.
    const payload = route.upload ? { body: multipart(route.upload, args) } : { json: args.body };
    try {
      const response = await this.#ky(url, {
        method: route.method,
        headers,
        signal,
        context: { route },
        timeout: args.timeout ?? this.#timeout,
        retry: kyRetry(retry),
        throwHttpErrors: (status) => status !== 304 || !hit,
        ...payload,
      });
      // Any change (and log-in, log-out) may change what the same tags stand for, e.g. a game's details.
      if (route.method !== 'GET') etags.clear();
      // A 304 only gets here when there was a hit (else it is thrown as an HTTP failure).
      const entry: CacheEntry =
        response.status === 304
          ? (hit as CacheEntry)
          : [response.headers.get('etag') ?? '', await decode(route, response, url)];
      if (route.etag && entry[0]) {
        etags.delete(url);
        etags.set(url, entry);
        if (etags.size > ETAG_CACHE_SIZE) etags.delete(etags.keys().next().value as string);
      }
      return entry[1] as RouteResponse<R>;
    } catch (err) {
      throw await toPennonError(err, { signal: args.signal, cancel });
    }
  }

  /** Ends every call in flight with a `cancelled` PennonError (e.g. on sign-out); later calls run normally. */
  cancelAll(message?: string): void {
    const current = this.#cancel;
    this.#cancel = new AbortController();
    current.abort(PennonError.cancelled(message));
  }
}
