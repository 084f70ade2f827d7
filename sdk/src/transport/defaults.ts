// The request policy of client-spec §9: every default lives here and nowhere else.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'TRACE' | 'PATCH';

/** When and how a failed call is tried again. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  limit: number;
  /** Methods that may be retried (the idempotent ones). */
  methods: readonly HttpMethod[];
  /** Answers worth retrying. Network failures of a retriable method are retried too; timeouts are not. */
  statusCodes: readonly number[];
  /** Answers whose `Retry-After` is waited for instead of the backoff. */
  afterStatusCodes: readonly number[];
  /** The longest `Retry-After` (ms) worth waiting for; asked for more, the call fails at once. */
  maxRetryAfter: number;
  /** Wait before retry number `attempt` (1-based), in ms. */
  delay: (attempt: number) => number;
}

export interface TransportDefaults {
  /** Per attempt, in ms; `false` for none. */
  readonly timeout: number | false;
  readonly retry: Readonly<RetryPolicy>;
}

/**
 * The transport's defaults (exported as `requestDefaults`): timeout, retry policy and the rest, used
 * where the client options leave them out.
 */
export const defaults: TransportDefaults = Object.freeze({
  timeout: 10_000,
  retry: Object.freeze({
    limit: 2,
    methods: Object.freeze(['GET', 'PUT', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE'] as const),
    statusCodes: Object.freeze([408, 413, 429, 500, 502, 503, 504]),
    afterStatusCodes: Object.freeze([413, 429, 503]),
    // The server's limiter refills within 10 s; its fallback Retry-After of 60 s is better shown to the
    // user (PennonError.retryAfter) than waited out behind a spinner.
    maxRetryAfter: 10_000,
    delay: (attempt: number) => 0.3 * 2 ** (attempt - 1) * 1000,
  }),
});

/** A client's retry policy: `defaults.retry` with the given fields replaced; a number sets the limit. */
export const resolveRetry = (
  retry: number | Partial<RetryPolicy> | undefined,
  base: RetryPolicy = defaults.retry,
): RetryPolicy => {
  if (typeof retry === 'number') return { ...base, limit: retry };
  const given = Object.entries(retry ?? {}).filter(([, value]) => value !== undefined);
  return { ...base, ...Object.fromEntries(given) };
};
