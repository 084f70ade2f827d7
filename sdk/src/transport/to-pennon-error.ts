// The one place where whatever a call threw (ky, fetch, an abort) becomes a PennonError.
import { HTTPError, TimeoutError } from 'ky';
import { PennonError } from '../errors/pennon-error.ts';
import { parseRetryAfter } from './retry-after.ts';

export interface FailureContext {
  /** The caller's signal: when it fired, the failure is an abort (or its reason). */
  signal?: AbortSignal | undefined;
  /** The SDK's own cancel signal (`cancelAll`). */
  cancel?: AbortSignal | undefined;
}

const readJson = async (response: Response): Promise<unknown> => {
  try {
    // An empty body fails to parse too.
    return JSON.parse(await response.clone().text());
  } catch {
    return undefined;
  }
};

/** A PennonError for a non-2xx answer, with the server's `title`/`status` and `Retry-After` read. */
export const fromResponse = async (response: Response, cause?: unknown): Promise<PennonError> => {
  const body = await readJson(response);
  const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const title = typeof envelope.title === 'string' ? envelope.title : undefined;
  const code = Number.isInteger(envelope.status) ? (envelope.status as number) : undefined;
  const wait = parseRetryAfter(response.headers.get('retry-after'));
  const retryAfter = wait === undefined ? undefined : Math.ceil(wait / 1000);
  return PennonError.http(response.status, { title, code, retryAfter, response, cause });
};

const fromAbort = (reason: unknown): PennonError => {
  if (reason instanceof PennonError) return reason;
  // AbortSignal.timeout()'s reason: a DOMException named TimeoutError.
  if ((reason as Error | undefined)?.name === 'TimeoutError') return PennonError.timeout(reason);
  return PennonError.aborted(reason);
};

/** Maps anything thrown by a call to a PennonError (a PennonError passes through unchanged). */
export const toPennonError = async (err: unknown, context: FailureContext = {}): Promise<PennonError> => {
  if (err instanceof PennonError) return err;
  if (err instanceof HTTPError) return fromResponse(err.response, err);
  if (err instanceof TimeoutError) return PennonError.timeout(err);
  if (context.signal?.aborted) return fromAbort(context.signal.reason);
  if (context.cancel?.aborted) return fromAbort(context.cancel.reason);
  // fetch rejects with a TypeError when no answer came (refused, DNS, CORS, dropped); a custom fetch
  // may throw anything else for the same reason.
  return PennonError.network(err);
};
