import { HTTPError, TimeoutError } from 'ky';
import { describe, expect, it } from 'vitest';
import { errorMessage, isPennonError, isRateLimited, PennonError } from '../src/errors/index.ts';
import { parseRetryAfter } from '../src/transport/retry-after.ts';
import { toPennonError } from '../src/transport/to-pennon-error.ts';

const httpError = (status: number, body: string, headers: Record<string, string> = {}) =>
  new HTTPError(
    new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } }),
    new Request('http://platform.test/api/x'),
    {} as never,
  );

describe('PennonError', () => {
  it('is an Error, instanceof-checkable, named PennonError', () => {
    const err = PennonError.http(400);
    expect(err).toBeInstanceOf(Error);
    expect(err).toBeInstanceOf(PennonError);
    expect(err.name).toBe('PennonError');
    expect(String(err)).toBe('PennonError: Request failed with status code 400');
    expect(err.stack).toContain('PennonError');
  });

  it("takes the DOM's names for an abort and a timeout, so fetch-style name checks keep working", () => {
    for (const err of [PennonError.aborted(), PennonError.cancelled()]) {
      expect(err).toBeInstanceOf(PennonError);
      expect(err.name).toBe('AbortError');
    }
    expect(String(PennonError.aborted())).toBe('AbortError: Request aborted');
    expect(PennonError.timeout().name).toBe('TimeoutError');
    expect(PennonError.network().name).toBe('PennonError');
  });

  it('maps HTTP status to kind: 4xx bad-request, 5xx bad-response', () => {
    expect(PennonError.http(400).kind).toBe('bad-request');
    expect(PennonError.http(499).kind).toBe('bad-request');
    expect(PennonError.http(500).kind).toBe('bad-response');
    expect(PennonError.http(503).message).toBe('Request failed with status code 503');
  });

  it('has factories with the client-spec messages', () => {
    expect(PennonError.timeout()).toMatchObject({ kind: 'timeout', message: 'Request timed out' });
    expect(PennonError.network()).toMatchObject({ kind: 'network', message: 'Network error' });
    expect(PennonError.aborted()).toMatchObject({ kind: 'aborted', message: 'Request aborted' });
    expect(PennonError.cancelled()).toMatchObject({ kind: 'cancelled', message: 'Request cancelled' });
    expect(PennonError.cancelled('Superseded').message).toBe('Superseded');
  });

  it('leaves absent details absent', () => {
    const err = PennonError.network();
    expect(Object.keys(err)).not.toContain('status');
    expect(err.cause).toBeUndefined();
  });

  it('isPennonError narrows, optionally by kind', () => {
    expect(isPennonError(PennonError.timeout())).toBe(true);
    expect(isPennonError(PennonError.timeout(), 'timeout')).toBe(true);
    expect(isPennonError(PennonError.timeout(), 'network')).toBe(false);
    expect(isPennonError(new Error('x'))).toBe(false);
  });

  it('isRateLimited is true for HTTP 429 only', () => {
    expect(isRateLimited(PennonError.http(429, { retryAfter: 60 }))).toBe(true);
    expect(isRateLimited(PennonError.http(503))).toBe(false);
    expect(isRateLimited({ status: 429 })).toBe(false);
    expect(isRateLimited(undefined)).toBe(false);
  });
});

describe('errorMessage', () => {
  it("prefers the server's title", () => {
    const err = PennonError.http(400, { title: 'Team name taken' });
    expect(errorMessage(err)).toBe('Team name taken');
  });

  it('then the error title, then its message', () => {
    expect(errorMessage({ title: 'Own title', message: 'own message' })).toBe('Own title');
    expect(errorMessage(PennonError.http(404))).toBe('Request failed with status code 404');
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain string')).toBe('plain string');
  });

  it('skips empty titles and messages', () => {
    expect(errorMessage(PennonError.http(400, { title: '' }))).toBe('Request failed with status code 400');
    expect(errorMessage(new Error(''))).toBe('common.error.unknown');
  });

  it('falls back to common.error.unknown, translated when t is given', () => {
    expect(errorMessage(undefined)).toBe('common.error.unknown');
    expect(errorMessage(null)).toBe('common.error.unknown');
    expect(errorMessage({})).toBe('common.error.unknown');
    expect(errorMessage(42, (key) => `T(${key})`)).toBe('T(common.error.unknown)');
    expect(errorMessage(new Error('boom'), (key) => `T(${key})`)).toBe('boom');
  });
});

describe('toPennonError', () => {
  it('reads title, body status and Retry-After from an HTTP error, leaving the body readable', async () => {
    const body = JSON.stringify({ title: 'Slow down', status: 429 });
    const err = await toPennonError(httpError(429, body, { 'retry-after': '30' }));
    expect(err).toMatchObject({
      kind: 'bad-request',
      status: 429,
      title: 'Slow down',
      code: 429,
      retryAfter: 30,
    });
    expect(await err.response?.text()).toBe(body);
    expect(err.cause).toBeInstanceOf(HTTPError);
  });

  it('tolerates a body that is not the RR envelope', async () => {
    const err = await toPennonError(httpError(502, '<html>Bad gateway</html>'));
    expect(err).toMatchObject({ kind: 'bad-response', status: 502 });
    expect(err.title).toBeUndefined();
    expect(err.code).toBeUndefined();
    const bare = await toPennonError(httpError(400, '"just a string"'));
    expect(bare.title).toBeUndefined();
  });

  it('maps ky TimeoutError to timeout', async () => {
    const err = await toPennonError(new TimeoutError(new Request('http://platform.test/')));
    expect(err).toMatchObject({ kind: 'timeout', message: 'Request timed out' });
  });

  it('maps a fetch TypeError to network', async () => {
    const cause = new TypeError('fetch failed');
    const err = await toPennonError(cause);
    expect(err).toMatchObject({ kind: 'network' });
    expect(err.cause).toBe(cause);
  });

  it("maps a failure after the caller's abort to aborted, and after AbortSignal.timeout to timeout", async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = await toPennonError(controller.signal.reason, { signal: controller.signal });
    expect(aborted.kind).toBe('aborted');

    const timedOut = new AbortController();
    timedOut.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    expect((await toPennonError(timedOut.signal.reason, { signal: timedOut.signal })).kind).toBe('timeout');
  });

  it('passes a PennonError abort reason through', async () => {
    const reason = PennonError.cancelled('Superseded');
    const controller = new AbortController();
    controller.abort(reason);
    expect(await toPennonError(new DOMException('x', 'AbortError'), { cancel: controller.signal })).toBe(
      reason,
    );
    expect(await toPennonError(reason)).toBe(reason);
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP-dates, in ms', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('1', now)).toBe(1000);
    expect(parseRetryAfter(' 60 ', now)).toBe(60_000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Mon, 31 Dec 2029 00:00:00 GMT', now)).toBe(0);
  });

  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('')).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-5')).toBeUndefined();
  });
});
