// The shape of one entry of the route table: everything a client or the server must know of an endpoint.
import type { Static, TObject, TSchema } from 'typebox';

/** Who may call: `-`, `U` (role ≥ User), `M` (≥ Monitor), `A` (Admin) of gzctf-api.md §2. */
export type Auth = 'anonymous' | 'user' | 'monitor' | 'admin';

/** The named rate-limit buckets of gzctf-api.md §1.7 (the global limit applies to every route). */
export type RatePolicy = 'register' | 'query' | 'powChallenge' | 'container' | 'submit' | 'concurrency';

/**
 * What a success carries: a JSON schema, `empty` (200 with no body), `download`
 * (file bytes with a name from Content-Disposition) or `websocket` (an upgrade).
 */
export type ResponseKind = TSchema | 'empty' | 'download' | 'websocket';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Lower-case path with `{name}` parameters, e.g. `/api/game/{id}/notices`. */
  path: string;
  auth: Auth;
  summary: string;
  params?: TObject;
  query?: TObject;
  /** JSON request body. */
  body?: TSchema;
  /** multipart/form-data request: the form field holding the file(s). */
  upload?: 'file' | 'files';
  response: ResponseKind;
  rateLimit?: RatePolicy;
  /** The server answers with a weak ETag and 304 on a matching If-None-Match (§1.6). */
  etag?: boolean;
  /** Served by the platform but left out of the public OpenAPI document (e.g. hashsalt). */
  hidden?: boolean;
}

/** Declares a route, keeping its literal types so callers and handlers are typed from it. */
export const route = <const R extends RouteDef>(def: R): R => def;

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

export type RouteParams<R extends RouteDef> = StaticOr<R['params'], Record<string, never>>;
export type RouteQuery<R extends RouteDef> = StaticOr<R['query'], Record<string, never>>;
export type RouteBody<R extends RouteDef> = StaticOr<R['body'], undefined>;
export type RouteResponse<R extends RouteDef> = R['response'] extends 'download'
  ? { data: Blob; fileName: string }
  : R['response'] extends 'empty' | 'websocket'
    ? undefined
    : R['response'] extends TSchema
      ? Static<R['response']>
      : never;
