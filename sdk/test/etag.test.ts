// ETag-aware GETs (gzctf-api.md §1.6): the transport remembers the last tag and answer of each `etag`
// route URL, sends If-None-Match and hands the remembered answer back on 304.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type PennonClient, PennonError } from '../src/index.ts';
import { ETAG_CACHE_SIZE } from '../src/transport/transport.ts';

/** path → current [tag, body]; a path with no entry answers 200 with `{path}` and no ETag. */
const resources = new Map<string, [tag: string, body: unknown]>();
const requests: { method: string; path: string; ifNoneMatch: string | undefined }[] = [];
let always304 = false;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    const ifNoneMatch = req.headers['if-none-match'];
    requests.push({ method: req.method ?? '', path, ifNoneMatch });
    req.resume();
    const current = resources.get(path);
    if (always304 || (current && ifNoneMatch === current[0])) {
      res.writeHead(304, current ? { etag: current[0] } : {}).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/json',
      'cache-control': 'no-cache, must-revalidate',
      ...(current ? { etag: current[0] } : {}),
    });
    res.end(req.method === 'GET' ? JSON.stringify(current ? current[1] : { path }) : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  resources.clear();
  requests.length = 0;
  always304 = false;
});

const client = (): PennonClient => createClient({ baseUrl: base, retry: 0 });
const sent = (path: string) => requests.filter((r) => r.path === path);

describe('ETag-aware GETs', () => {
  it('sends If-None-Match with the last tag and hands back the remembered answer on 304', async () => {
    resources.set('/api/config', ['W/"c-1"', { title: 'One' }]);
    const api = client();
    const first = await api.info.config();
    expect(first).toEqual({ title: 'One' });
    expect(await api.info.config()).toBe(first);
    expect(await api.info.config()).toBe(first);
    expect(sent('/api/config').map((r) => r.ifNoneMatch)).toEqual([undefined, 'W/"c-1"', 'W/"c-1"']);
  });

  it('takes the new answer and tag when the resource changed', async () => {
    resources.set('/api/posts/abc', ['W/"p-1"', { id: 'abc', title: 'Old' }]);
    const api = client();
    expect(await api.info.post('abc')).toMatchObject({ title: 'Old' });
    resources.set('/api/posts/abc', ['W/"p-2"', { id: 'abc', title: 'New' }]);
    expect(await api.info.post('abc')).toMatchObject({ title: 'New' });
    expect(await api.info.post('abc')).toMatchObject({ title: 'New' });
    expect(sent('/api/posts/abc').map((r) => r.ifNoneMatch)).toEqual([undefined, 'W/"p-1"', 'W/"p-2"']);
  });

  it('remembers per URL: the query is part of it', async () => {
    resources.set('/api/game/recent?limit=5', ['W/"r-5"', [1]]);
    resources.set('/api/game/recent?limit=6', ['W/"r-6"', [2]]);
    const api = client();
    await api.game.recent({ limit: 5 });
    await api.game.recent({ limit: 6 });
    await api.game.recent({ limit: 5 });
    expect(requests.map((r) => r.ifNoneMatch)).toEqual([undefined, undefined, 'W/"r-5"']);
  });

  it('sends no If-None-Match for routes without etag, nor from another client', async () => {
    resources.set('/api/account/profile', ['W/"x"', { userName: 'alice' }]);
    resources.set('/api/config', ['W/"c-1"', { title: 'One' }]);
    const api = client();
    await api.account.profile();
    await api.account.profile();
    await api.info.config();
    await client().info.config();
    expect(requests.map((r) => r.ifNoneMatch)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('forgets every tag after a successful call other than a GET (log-in, log-out, any change)', async () => {
    resources.set('/api/config', ['W/"c-1"', { title: 'One' }]);
    const api = client();
    await api.info.config();
    await api.account.login({ userName: 'alice', password: 'Passw0rd' });
    await api.info.config();
    // The log-in revalidates the config for the encryption key first (a 304), then forgets the tag.
    expect(sent('/api/config').map((r) => r.ifNoneMatch)).toEqual([undefined, 'W/"c-1"', undefined]);
  });

  it('keeps no answer without an ETag, and a 304 with nothing remembered is an error', async () => {
    const api = client();
    await api.info.config();
    await api.info.config();
    expect(sent('/api/config').map((r) => r.ifNoneMatch)).toEqual([undefined, undefined]);
    always304 = true;
    const err = await api.info.config().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PennonError);
    expect(err).toMatchObject({ status: 304 });
  });

  it(`holds at most ${ETAG_CACHE_SIZE} answers, dropping the least recently used`, async () => {
    const api = client();
    for (let id = 1; id <= ETAG_CACHE_SIZE; id++) resources.set(`/api/posts/${id}`, [`W/"${id}"`, { id }]);
    resources.set(`/api/posts/${ETAG_CACHE_SIZE + 1}`, ['W/"new"', { id: 0 }]);
    for (let id = 1; id <= ETAG_CACHE_SIZE; id++) await api.info.post(String(id));
    await api.info.post('1'); // a 304: now the most recently used
    await api.info.post(String(ETAG_CACHE_SIZE + 1)); // drops post 2
    requests.length = 0;
    expect(await api.info.post('1')).toEqual({ id: 1 });
    expect(await api.info.post('3')).toEqual({ id: 3 });
    expect(await api.info.post('2')).toEqual({ id: 2 });
    expect(requests.map((r) => r.ifNoneMatch)).toEqual(['W/"1"', 'W/"3"', undefined]);
  });
});
