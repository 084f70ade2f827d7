// The shape of one endpoint. The runtime part (method, path, auth, …) is all a client needs and holds no
// schema; the TypeBox schemas live in `schemas/<group>.ts` and ride along on the endpoint only as a phantom
// type (`__schemas`), so calls and handlers are typed from them without a client bundling them.
import type { Static, TObject, TProperties, TSchema } from 'typebox';

/** Who may call: `-`, `U` (role ≥ User), `M` (≥ Monitor), `A` (Admin) of gzctf-api.md §2. */
export type Auth = 'anonymous' | 'user' | 'monitor' | 'admin';

/**
 * The named rate-limit buckets of gzctf-api.md §1.7 (the global limit applies to every route), and Pennon's `code`:
 * second-factor codes and other guesses at a secret.
 */
export type RatePolicy =
  | 'register'
  | 'query'
  | 'powChallenge'
  | 'container'
  | 'submit'
  | 'concurrency'
  | 'code';

/**
 * What a success carries: JSON (shaped by the `response` schema), `empty` (200 with no body), `download`
 * (file bytes with a name from Content-Disposition) or `websocket` (an upgrade).
 */
export type ResponseKind = 'json' | 'empty' | 'download' | 'websocket';

/** The schemas of one endpoint: what the server validates and documents, and what types the calls. */
export interface EndpointSchemas {
  summary: string;
  params?: TObject;
  query?: TObject;
  /** JSON request body. */
  body?: TSchema;
  /** The JSON answer, for `response: 'json'` endpoints. */
  response?: TSchema;
}

/**
 * The bounds of a `count`/`skip` paged list, as its query schema sets them: the largest page (`count`) and, when
 * bounded, the furthest `skip`. The SDK pages through the list with them (`for await (… of client.admin.teams())`).
 */
export interface PageLimits {
  readonly count: number;
  readonly skip?: number;
}

/** The runtime fields of an endpoint. */
export interface EndpointFields {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Lower-case path with `{name}` parameters, e.g. `/api/game/{id}/notices`. */
  readonly path: string;
  readonly auth: Auth;
  /** multipart/form-data request: the form field holding the file(s). */
  readonly upload?: 'file' | 'files';
  readonly response: ResponseKind;
  readonly rateLimit?: RatePolicy;
  /** The server answers with a weak ETag and 304 on a matching If-None-Match (§1.6). */
  readonly etag?: boolean;
  /** Served by the platform but left out of the public OpenAPI document (e.g. hashsalt). */
  readonly hidden?: boolean;
  /** Body fields sent encrypted when the platform's API encryption is on (§1.8). */
  readonly encrypted?: readonly string[];
  /** A `count`/`skip` paged list (its query has both): required there, so the SDK can iterate it. */
  readonly paged?: PageLimits;
}

/** An endpoint: its runtime fields, and its schemas `S` as a type only (never set at runtime). */
export interface Endpoint<S extends EndpointSchemas = EndpointSchemas> extends EndpointFields {
  readonly __schemas?: S;
}

type IsPaged<S extends EndpointSchemas> =
  S['query'] extends TObject<infer P extends TProperties>
    ? 'count' | 'skip' extends keyof P
      ? true
      : false
    : false;

/** The fields an endpoint of schemas `S` declares: `paged` exactly when its query pages with `count`/`skip`. */
export type FieldsFor<S extends EndpointSchemas> =
  IsPaged<S> extends true
    ? EndpointFields & { readonly paged: PageLimits }
    : EndpointFields & { readonly paged?: never };

/**
 * Declares a group of endpoints whose schemas are `S` (a `schemas/<group>.ts` table, imported as a type):
 * `endpoints<typeof schemas>()({ key: { method, path, … } })`. Each key gets `S[key]` as its phantom schemas
 * and keeps its literal fields; every key of `S` must be declared (extra keys are caught by the check in
 * `schemas/index.ts`).
 */
export const endpoints =
  <S extends Record<string, EndpointSchemas>>() =>
  <const E extends { [K in keyof S]: FieldsFor<S[K]> }>(
    defs: E,
  ): { [K in keyof E]: E[K] & Endpoint<S[K & keyof S]> } =>
    defs as { [K in keyof E]: E[K] & Endpoint<S[K & keyof S]> };

/** The schemas an endpoint carries as its phantom type. */
export type SchemasOf<R extends Endpoint> = NonNullable<R['__schemas']>;

/** One schema of an endpoint (`params`, `query`, `body` or `response`), or `undefined` when it has none. */
export type SchemaOf<R extends Endpoint, K extends Exclude<keyof EndpointSchemas, 'summary'>> =
  SchemasOf<R> extends { [k in K]: infer T } ? (T extends TSchema ? T : undefined) : undefined;

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

/** The path parameters of an endpoint (`{ id: number }` for `/api/game/{id}`); empty when it has none. */
export type RouteParams<R extends Endpoint> = StaticOr<SchemaOf<R, 'params'>, Record<string, never>>;
/** The query parameters of an endpoint; empty when it has none. */
export type RouteQuery<R extends Endpoint> = StaticOr<SchemaOf<R, 'query'>, Record<string, never>>;
/** The request body of an endpoint; `undefined` when it takes none. */
export type RouteBody<R extends Endpoint> = StaticOr<SchemaOf<R, 'body'>, undefined>;
/**
 * What a call of an endpoint resolves to: the parsed JSON, a download's `{ data, fileName }`, or
 * `undefined` for an empty answer.
 */
export type RouteResponse<R extends Endpoint> = R['response'] extends 'download'
  ? { data: Blob; fileName: string }
  : R['response'] extends 'empty' | 'websocket'
    ? undefined
    : SchemaOf<R, 'response'> extends TSchema
      ? Static<SchemaOf<R, 'response'>>
      : never;

/** An ad-hoc route written the old way, schemas inline (tests, extensions): see `route()` in lookup.ts. */
export interface RouteDef extends Omit<EndpointFields, 'response'>, EndpointSchemas {
  response: TSchema | Exclude<ResponseKind, 'json'>;
}

type InlineResponse<R extends RouteDef> =
  R['response'] extends Exclude<ResponseKind, 'json'> ? R['response'] : 'json';

/** The schemas of an inline `RouteDef` (only those it names). */
export type InlineSchemas<R extends RouteDef> = Pick<
  R,
  Extract<keyof R, 'summary' | 'params' | 'query' | 'body'>
> &
  (InlineResponse<R> extends 'json' ? { response: R['response'] & TSchema } : unknown);

/** The endpoint an inline `RouteDef` declares. */
export type EndpointOf<R extends RouteDef> = Omit<R, keyof EndpointSchemas> & {
  readonly response: InlineResponse<R>;
} & Endpoint<Extract<InlineSchemas<R>, EndpointSchemas>>;
