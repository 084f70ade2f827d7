import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Type from 'typebox';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { route } from '../src/contract/index.ts';
import { type ClientOptions, createClient, isRateLimited, PennonError, routes } from '../src/index.ts';
import { fileNameFromContentDisposition, fileNameFromUrl } from '../src/transport/content-disposition.ts';
import { defaults, resolveRetry } from '../src/transport/defaults.ts';
import { fillPath, queryString } from '../src/transport/url.ts';

// ---- a real HTTP server, one handler per path --------------------------------------------------

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Handler = (res: ServerResponse, seen: Seen) => void;

let server: Server;
let base: string;
const handlers = new Map<string, Handler>();
const seen: Seen[] = [];
const hits = (path: string) => seen.filter((s) => s.url.split('?')[0] === path).length;

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
const hang: Handler = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      const handler = handlers.get(entry.url.split('?')[0] ?? '') ?? json(404, undefined);
      handler(res, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  handlers.clear();
  seen.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A client with quick retries; tests about the defaults read `defaults` instead of waiting. */
const client = (options: ClientOptions = {}) =>
  createClient({
    baseUrl: base,
    timeout: 2000,
    ...options,
    retry: { delay: () => 5, ...(options.retry as object) },
  });

const failure = async (promise: Promise<unknown>): Promise<PennonError> => {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(PennonError);
    return err as PennonError;
  }
  throw new Error('expected the call to fail');
};

// ---- routes only the tests use --------------------------------------------------------------------

const test = {
  item: route({
    method: 'GET',
    path: '/api/test/{a}/{b}',
    auth: 'anonymous',
    summary: 'path and query',
    params: Type.Object({ a: Type.String(), b: Type.Integer() }),
    query: Type.Object({
      count: Type.Optional(Type.Integer()),
      skip: Type.Optional(Type.Integer()),
      hint: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      tags: Type.Optional(Type.Array(Type.String())),
      flag: Type.Optional(Type.Boolean()),
      q: Type.Optional(Type.String()),
    }),
    response: Type.Object({ ok: Type.Boolean() }),
  }),
  create: route({
    method: 'POST',
    path: '/api/test/create',
    auth: 'user',
    summary: 'JSON body',
    body: Type.Object({ name: Type.String() }),
    response: Type.Integer(),
  }),
  name: route({
    method: 'GET',
    path: '/api/test/name',
    auth: 'anonymous',
    summary: 'a bare JSON string',
    response: Type.String(),
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/test/remove',
    auth: 'user',
    summary: 'empty answer',
    response: 'empty',
  }),
  file: route({
    method: 'GET',
    path: '/api/test/files/{name}',
    auth: 'anonymous',
    summary: 'download',
    params: Type.Object({ name: Type.String() }),
    response: 'download',
  }),
  avatar: route({
    method: 'PUT',
    path: '/api/test/avatar',
    auth: 'user',
    summary: 'upload',
    upload: 'file',
    response: Type.String(),
  }),
  socket: route({
    method: 'GET',
    path: '/api/test/ws',
    auth: 'anonymous',
    summary: 'websocket',
    response: 'websocket',
  }),
};

// ---- the policy's numbers ----------------------------------------------------------------------

describe('defaults', () => {
  it('are the request policy of client-spec §9', () => {
    expect(defaults.timeout).toBe(10_000);
    expect(defaults.retry.limit).toBe(2);
    expect(defaults.retry.methods).toEqual(['GET', 'PUT', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);
    expect(defaults.retry.statusCodes).toEqual([408, 413, 429, 500, 502, 503, 504]);
    expect(defaults.retry.afterStatusCodes).toEqual([413, 429, 503]);
    expect([1, 2, 3].map(defaults.retry.delay)).toEqual([300, 600, 1200]);
    expect(defaults.retry.maxRetryAfter).toBe(10_000);
  });

  it('are frozen, and overridden per client without touching them', () => {
    expect(Object.isFrozen(defaults)).toBe(true);
    expect(Object.isFrozen(defaults.retry)).toBe(true);
    expect(resolveRetry(0).limit).toBe(0);
    expect(resolveRetry({ limit: 5, delay: undefined })).toMatchObject({
      limit: 5,
      delay: defaults.retry.delay,
    });
    expect(defaults.retry.limit).toBe(2);
  });
});

// ---- base URL ----------------------------------------------------------------------------------

describe('baseUrl', () => {
  it('is required where there is no page origin (Node)', () => {
    expect(() => createClient()).toThrow(/no baseUrl given and this runtime is not served/);
    expect(() => createClient({ baseUrl: 'not a url' })).toThrow(/not a valid URL/);
    expect(() => createClient({ baseUrl: `${base}/?x=1` })).toThrow(/query or fragment/);
  });

  it("is required in an extension, whose origin isn't the platform's", () => {
    vi.stubGlobal('location', { protocol: 'chrome-extension:', origin: 'chrome-extension://abc', href: '' });
    expect(() => createClient()).toThrow(/chrome-extension: pages are not served by the platform/);
  });

  it("defaults to the page's origin in a browser", async () => {
    vi.stubGlobal('location', { protocol: 'http:', origin: base, href: `${base}/games/1` });
    handlers.set('/api/config', json(200, { title: 'GZ' }));
    const browser = createClient();
    expect(browser.baseUrl).toBe(base);
    expect(await browser.info.config()).toEqual({ title: 'GZ' });
  });

  it('keeps a path prefix and drops a trailing slash', async () => {
    expect(client({ baseUrl: `${base}/` }).baseUrl).toBe(base);
    handlers.set('/pennon/api/posts/latest', json(200, []));
    expect(await client({ baseUrl: `${base}/pennon/` }).info.latestPosts()).toEqual([]);
  });
});

// ---- status code → kind ------------------------------------------------------------------------

describe('HTTP failures', () => {
  it('400 with an RR body: bad-request, title and code read', async () => {
    handlers.set('/api/posts/x', json(400, { title: 'Invalid id', status: 400 }));
    const err = await failure(client().info.post('x'));
    expect(err).toMatchObject({
      kind: 'bad-request',
      status: 400,
      title: 'Invalid id',
      code: 400,
      message: 'Request failed with status code 400',
    });
    expect(await err.response?.json()).toEqual({ title: 'Invalid id', status: 400 });
  });

  it('400 carrying body status 10002 (game ended)', async () => {
    handlers.set('/api/posts/x', json(400, { title: 'The game has ended', status: 10002 }));
    const err = await failure(client().info.post('x'));
    expect(err).toMatchObject({ kind: 'bad-request', status: 400, code: 10002, title: 'The game has ended' });
  });

  it('500: bad-response', async () => {
    handlers.set('/api/posts/x', json(500, { title: 'Internal server error', status: 500 }));
    const err = await failure(client({ retry: 0 }).info.post('x'));
    expect(err).toMatchObject({ kind: 'bad-response', status: 500, title: 'Internal server error' });
  });

  it('404 with an empty body: bad-request without title', async () => {
    handlers.set('/api/captcha/powchallenge', json(404, undefined));
    const err = await failure(client().info.powChallenge());
    expect(err).toMatchObject({
      kind: 'bad-request',
      status: 404,
      message: 'Request failed with status code 404',
    });
    expect(err.title).toBeUndefined();
    expect(err.code).toBeUndefined();
  });

  it('an unreadable success body: bad-response', async () => {
    handlers.set('/api/config', (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{not json');
    });
    const err = await failure(client().info.config());
    expect(err).toMatchObject({ kind: 'bad-response', status: 200 });
  });
});

// ---- retries -----------------------------------------------------------------------------------

describe('retries', () => {
  it('retries a GET on 503 twice, then fails', async () => {
    handlers.set('/api/posts', json(503, { title: 'Busy', status: 503 }));
    const err = await failure(client().info.posts());
    expect(hits('/api/posts')).toBe(3);
    expect(err).toMatchObject({ kind: 'bad-response', status: 503, title: 'Busy' });
  });

  it('succeeds when a retry does', async () => {
    let n = 0;
    handlers.set('/api/posts', (res, s) => json(++n < 3 ? 502 : 200, n < 3 ? undefined : [])(res, s));
    expect(await client().info.posts()).toEqual([]);
    expect(hits('/api/posts')).toBe(3);
  });

  it('does not retry a POST', async () => {
    handlers.set('/api/test/create', json(503, { title: 'Busy', status: 503 }));
    const err = await failure(client().request(test.create, { body: { name: 'x' } }));
    expect(err.status).toBe(503);
    expect(hits('/api/test/create')).toBe(1);
  });

  it('does not retry a 4xx other than 408/413/429', async () => {
    handlers.set('/api/posts', json(404, { title: 'Not found', status: 404 }));
    await failure(client().info.posts());
    expect(hits('/api/posts')).toBe(1);
  });

  it('honours Retry-After on 429', async () => {
    let n = 0;
    handlers.set('/api/posts', (res, s) =>
      (++n === 1 ? json(429, { title: 'Slow down', status: 429 }, { 'retry-after': '1' }) : json(200, []))(
        res,
        s,
      ),
    );
    const started = performance.now();
    expect(await client().info.posts()).toEqual([]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    expect(hits('/api/posts')).toBe(2);
  });

  it('fails at once when Retry-After exceeds the cap, telling how long to wait', async () => {
    handlers.set(
      '/api/posts',
      json(429, { title: 'Retry after 60 s', status: 429 }, { 'retry-after': '60' }),
    );
    const started = performance.now();
    const err = await failure(client().info.posts());
    expect(performance.now() - started).toBeLessThan(500);
    expect(hits('/api/posts')).toBe(1);
    expect(err).toMatchObject({
      kind: 'bad-request',
      status: 429,
      retryAfter: 60,
      title: 'Retry after 60 s',
    });
    expect(isRateLimited(err)).toBe(true);
  });

  it('never retries config()', async () => {
    handlers.set('/api/config', json(503, { title: 'Busy', status: 503 }));
    const err = await failure(client().info.config());
    expect(err.kind).toBe('bad-response');
    expect(hits('/api/config')).toBe(1);
  });

  it('takes a per-call retry override', async () => {
    handlers.set('/api/posts', json(500, undefined));
    await failure(client().info.posts({ retry: 0 }));
    expect(hits('/api/posts')).toBe(1);
  });
});

// ---- no answer ---------------------------------------------------------------------------------

describe('timeouts, aborts, network', () => {
  it('times out', async () => {
    handlers.set('/api/config', hang);
    const err = await failure(client({ timeout: 300 }).info.config());
    expect(err).toMatchObject({ kind: 'timeout', name: 'TimeoutError', message: 'Request timed out' });
  });

  it('does not retry a timed-out GET', async () => {
    handlers.set('/api/posts', hang);
    await failure(client({ timeout: 100 }).info.posts());
    expect(hits('/api/posts')).toBe(1);
  });

  it("is aborted by the caller's signal", async () => {
    handlers.set('/api/posts', hang);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await failure(client().info.posts({ signal: controller.signal }));
    expect(err).toMatchObject({ kind: 'aborted', name: 'AbortError', message: 'Request aborted' });
    expect(err.cause).toBe(controller.signal.reason);
    expect(err.cause).toMatchObject({ name: 'AbortError' });
  });

  it('is aborted by an already-aborted signal without reaching the server', async () => {
    const err = await failure(client().info.posts({ signal: AbortSignal.abort() }));
    expect(err.kind).toBe('aborted');
    expect(seen).toHaveLength(0);
  });

  it('is aborted while waiting out a Retry-After', async () => {
    handlers.set('/api/posts', json(503, undefined, { 'retry-after': '5' }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const err = await failure(client().info.posts({ signal: controller.signal }));
    expect(err.kind).toBe('aborted');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('rejects with a PennonError given as abort reason (a superseded call)', async () => {
    handlers.set('/api/posts', hang);
    const controller = new AbortController();
    const reason = PennonError.cancelled('Superseded');
    setTimeout(() => controller.abort(reason), 50);
    expect(await failure(client().info.posts({ signal: controller.signal }))).toBe(reason);
  });

  it('cancelAll() ends calls in flight as cancelled, and later calls still run', async () => {
    handlers.set('/api/posts', hang);
    const api = client();
    const pending = failure(api.info.posts());
    await vi.waitFor(() => expect(hits('/api/posts')).toBe(1));
    api.cancelAll();
    expect(await pending).toMatchObject({ kind: 'cancelled', message: 'Request cancelled' });
    handlers.set('/api/posts', json(200, []));
    expect(await api.info.posts()).toEqual([]);
  });

  it('fails with network when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await failure(client({ baseUrl: `http://127.0.0.1:${port}` }).info.posts());
    expect(err).toMatchObject({ kind: 'network', message: 'Network error' });
    expect(err.status).toBeUndefined();
  });

  it('uses a custom fetch', async () => {
    const calls: string[] = [];
    const api = client({
      fetch: async (input, init) => {
        calls.push(input instanceof Request ? input.url : String(input));
        return fetch(input, init);
      },
    });
    handlers.set('/api/posts/latest', json(200, []));
    await api.info.latestPosts();
    expect(calls).toEqual([`${base}/api/posts/latest`]);
  });
});

// ---- what is sent ------------------------------------------------------------------------------

describe('requests', () => {
  it('sends Accept-Language, re-read from a function on every call', async () => {
    handlers.set('/api/posts/latest', json(200, []));
    await client({ language: 'zh-CN' }).info.latestPosts();
    expect(seen[0]?.headers['accept-language']).toBe('zh-CN');

    let language = 'en-US';
    const api = client({ language: () => language });
    await api.info.latestPosts();
    language = 'ja-JP';
    await api.info.latestPosts();
    expect(seen.slice(1).map((s) => s.headers['accept-language'])).toEqual(['en-US', 'ja-JP']);
  });

  it("leaves Accept-Language to fetch's default when no language is set", async () => {
    handlers.set('/api/posts/latest', json(200, []));
    await client({ language: () => undefined }).info.latestPosts();
    // Node's fetch sends `*`; a browser sends the user's languages
    expect(seen[0]?.headers['accept-language']).toBe('*');
  });

  it('encodes path parameters and serialises the query', async () => {
    handlers.set('/api/test/a%20b%2Fc%3F%23/42', json(200, { ok: true }));
    const result = await client().request(test.item, {
      params: { a: 'a b/c?#', b: 42 },
      query: { count: 10, skip: undefined, hint: null, tags: ['x', 'y z'], flag: false, q: 'a&b=c' },
    });
    expect(result).toEqual({ ok: true });
    expect(seen[0]?.url).toBe('/api/test/a%20b%2Fc%3F%23/42?count=10&tags=x&tags=y+z&flag=false&q=a%26b%3Dc');
  });

  it('sends info.post(id) to /api/posts/{id}', async () => {
    handlers.set('/api/posts/abc', json(200, { id: 'abc', content: 'hi' }));
    expect(await client().info.post('abc')).toMatchObject({ id: 'abc' });
  });

  it('sends a JSON body and reads a bare JSON value', async () => {
    handlers.set('/api/test/create', json(200, 7));
    expect(await client().request(test.create, { body: { name: 'Ada' } })).toBe(7);
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"name":"Ada"}' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.headers.accept).toBe('application/json');
  });

  it('reads a bare JSON string, and an empty 200 as undefined', async () => {
    handlers.set('/api/test/name', json(200, 'pennon'));
    expect(await client().request(test.name)).toBe('pennon');
    handlers.set('/api/test/name', json(200, undefined));
    expect(await client().request(test.name)).toBeUndefined();
  });

  it("reads an 'empty' route as undefined whatever the body", async () => {
    handlers.set('/api/test/remove', json(200, { ignored: true }));
    expect(await client().request(test.remove)).toBeUndefined();
    expect(seen[0]?.method).toBe('DELETE');
  });

  it('uploads a file as multipart form data', async () => {
    handlers.set('/api/test/avatar', json(200, '/assets/hash/a.png'));
    const file = new File(['PNGDATA'], 'a.png', { type: 'image/png' });
    expect(await client().request(test.avatar, { file })).toBe('/assets/hash/a.png');
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="file"; filename="a.png"');
    expect(seen[0]?.body).toContain('PNGDATA');
  });

  it('refuses a websocket route and a missing path parameter before sending', async () => {
    await expect(client().request(test.socket)).rejects.toThrow(TypeError);
    await expect(client().request(test.item, { params: { a: '', b: 1 } })).rejects.toThrow(
      /Missing path parameter "a"/,
    );
    expect(seen).toHaveLength(0);
  });
});

// ---- downloads ---------------------------------------------------------------------------------

describe('downloads', () => {
  const download =
    (disposition?: string): Handler =>
    (res) => {
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        ...(disposition ? { 'content-disposition': disposition } : {}),
      });
      res.end('BYTES');
    };

  it('returns the bytes and the name from filename*= first', async () => {
    handlers.set(
      '/api/test/files/x',
      download(`attachment; filename="fallback.txt"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%201.txt`),
    );
    const { data, fileName } = await client().request(test.file, { params: { name: 'x' } });
    expect(fileName).toBe('报告 1.txt');
    expect(data).toBeInstanceOf(Blob);
    expect(await data.text()).toBe('BYTES');
    expect(seen[0]?.headers.accept).toBe('*/*');
  });

  it('falls back to filename=, then to the last path segment', async () => {
    handlers.set('/api/test/files/x', download('attachment; filename="scoreboard.xlsx"'));
    expect((await client().request(test.file, { params: { name: 'x' } })).fileName).toBe('scoreboard.xlsx');
    handlers.set('/api/test/files/my%20file.zip', download());
    expect((await client().request(test.file, { params: { name: 'my file.zip' } })).fileName).toBe(
      'my file.zip',
    );
  });

  it('reads a failed download as a PennonError with the JSON title', async () => {
    handlers.set('/api/test/files/x', json(404, { title: 'File not found', status: 404 }));
    const err = await failure(client().request(test.file, { params: { name: 'x' } }));
    expect(err).toMatchObject({ kind: 'bad-request', status: 404, title: 'File not found' });
  });
});

// ---- pure helpers ------------------------------------------------------------------------------

describe('fileNameFromContentDisposition', () => {
  it.each([
    [`attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87.pdf`, '中文.pdf'],
    [`attachment; filename*=utf-8'en'na%C3%AFve.txt; filename=naive.txt`, 'naïve.txt'],
    [`attachment; FILENAME*=iso-8859-1''caf%E9.txt`, 'café.txt'],
    [`attachment; filename="with \\"quotes\\"; and semicolon.txt"`, 'with "quotes"; and semicolon.txt'],
    ['inline; filename=plain.bin', 'plain.bin'],
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.bin"`, 'fallback.bin'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s ⇒ %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });

  it('fileNameFromUrl takes the decoded last segment', () => {
    expect(fileNameFromUrl('http://h/assets/abc/r%C3%A9sum%C3%A9.pdf?x=1#y')).toBe('résumé.pdf');
  });
});

describe('url helpers', () => {
  it('fillPath encodes each parameter', () => {
    expect(fillPath('/api/game/{id}/challenges/{cid}', { id: 1, cid: 'a/b' })).toBe(
      '/api/game/1/challenges/a%2Fb',
    );
    expect(() => fillPath('/api/game/{id}', {})).toThrow(TypeError);
  });

  it('queryString skips undefined and null and is empty when nothing is left', () => {
    expect(queryString({ a: undefined, b: null })).toBe('');
    expect(queryString()).toBe('');
    expect(queryString({ at: new Date(0), n: 0 })).toBe('?at=1970-01-01T00%3A00%3A00.000Z&n=0');
  });
});

describe('the info group', () => {
  it('maps to routes.info', () => {
    expect(routes.info.config.path).toBe('/api/config');
  });
});
