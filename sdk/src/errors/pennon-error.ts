// The one error type the SDK throws for a failed call, whatever went wrong underneath.

/**
 * What went wrong, coarse enough for a UI to branch on:
 * - `bad-request`: the server answered 4xx;
 * - `bad-response`: the server answered 5xx, or a success whose body could not be read;
 * - `network`: no answer at all (DNS, refused connection, CORS, connection dropped);
 * - `aborted`: the caller's `AbortSignal` fired;
 * - `timeout`: no answer within the transport's timeout;
 * - `cancelled`: the SDK itself gave the call up (e.g. `PennonClient.cancelAll()` or a superseded call).
 */
export type PennonErrorKind =
  | 'bad-request'
  | 'bad-response'
  | 'network'
  | 'aborted'
  | 'timeout'
  | 'cancelled';

/** What a {@link PennonError} may carry besides its kind and message. */
export interface PennonErrorDetails {
  /** HTTP status of the answer. */
  status?: number;
  /** The server's human message (`title` of its error body), already in the request's language. */
  title?: string;
  /** The server's body `status`: usually the HTTP status, or 10001 (game not started) / 10002 (game ended). */
  code?: number;
  /** Seconds the server asked to wait (`Retry-After` on 413, 429 and 503). */
  retryAfter?: number;
  /** The failed response; for an HTTP failure its body is still unread. */
  response?: Response;
  /** What failed underneath (a fetch error, the abort reason, the HTTP error). */
  cause?: unknown;
}

/**
 * The `name` of each kind that has a DOM counterpart: code written for fetch (`err.name === 'AbortError'` to
 * ignore an abort, `'TimeoutError'` for `AbortSignal.timeout`) keeps working with the SDK's one error type.
 */
const domNames: Partial<Record<PennonErrorKind, string>> = {
  aborted: 'AbortError',
  cancelled: 'AbortError',
  timeout: 'TimeoutError',
};

/**
 * The one error every failed SDK call rejects with; `kind` says what went wrong (see
 * {@link PennonErrorKind}).
 */
export class PennonError extends Error {
  /** `AbortError` for an aborted or cancelled call, `TimeoutError` for a timeout, else `PennonError`. */
  override readonly name: string;
  readonly kind: PennonErrorKind;
  declare readonly status?: number;
  declare readonly title?: string;
  declare readonly code?: number;
  declare readonly retryAfter?: number;
  declare readonly response?: Response;

  constructor(kind: PennonErrorKind, message: string, details: PennonErrorDetails = {}) {
    const { cause, ...fields } = details;
    super(message, cause === undefined ? undefined : { cause });
    this.name = domNames[kind] ?? 'PennonError';
    this.kind = kind;
    // Only the details given become own properties (`'status' in error` tells an HTTP failure).
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) (this as Record<string, unknown>)[key] = value;
    }
  }

  /** An HTTP failure: 4xx ⇒ `bad-request`, anything else ⇒ `bad-response`. */
  static http(status: number, details: Omit<PennonErrorDetails, 'status'> = {}): PennonError {
    const kind = status >= 400 && status < 500 ? 'bad-request' : 'bad-response';
    return new PennonError(kind, `Request failed with status code ${status}`, { ...details, status });
  }

  /** No answer came (DNS, refused, CORS, dropped); `cause` is what fetch threw. */
  static network(cause?: unknown): PennonError {
    return new PennonError('network', 'Network error', { cause });
  }

  /** The caller's signal fired; `cause` is its reason (usually an `AbortError`). */
  static aborted(cause?: unknown): PennonError {
    return new PennonError('aborted', 'Request aborted', { cause });
  }

  /** No answer within the timeout. */
  static timeout(cause?: unknown): PennonError {
    return new PennonError('timeout', 'Request timed out', { cause });
  }

  /**
   * A call the SDK (or its user) gave up on purpose, e.g. superseded by a newer one.
   * Pass it as an abort reason (`controller.abort(PennonError.cancelled())`) and the call rejects with it.
   */
  static cancelled(message = 'Request cancelled'): PennonError {
    return new PennonError('cancelled', message);
  }
}

/** Whether `err` is a {@link PennonError}, of `kind` when given. */
export const isPennonError = (err: unknown, kind?: PennonErrorKind): err is PennonError =>
  err instanceof PennonError && (kind === undefined || err.kind === kind);

/** The server refused the call for its rate limit (HTTP 429); `retryAfter` says for how long, if known. */
export const isRateLimited = (err: unknown): err is PennonError => isPennonError(err) && err.status === 429;
