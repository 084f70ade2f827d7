// @pennon/sdk/node against a real HTTP server: the session cookie of a login is kept, and a token is sent.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PennonError } from '../src/index.ts';
import { CookieJar, createNodeClient } from '../src/node.ts';

const profile = { userId: 'u1', userName: 'alice' };
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/api/account/login') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { password?: string };
        if (body.password !== 'secret') {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ title: 'Wrong password', status: 401 }));
          return;
        }
        res.writeHead(200, [
          ['set-cookie', 'GZCTF_Token=session-1; Path=/; HttpOnly; SameSite=Strict'],
          ['set-cookie', 'theme=dark; Path=/'],
        ]);
        res.end();
        return;
      }
      if (req.method === 'GET' && req.url === '/api/account/profile') {
        const cookies = req.headers.cookie ?? '';
        const bearer = req.headers.authorization === 'Bearer tok-123';
        if (!bearer && !cookies.split('; ').includes('GZCTF_Token=session-1')) {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ title: 'Unauthorized', status: 401 }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ...profile, cookies, bearer }));
        return;
      }
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createNodeClient', () => {
  it('keeps the cookies a login sets and sends them back', async () => {
    const client = createNodeClient({ baseUrl: base, retry: 0 });
    await expect(client.account.profile()).rejects.toMatchObject({ status: 401 });
    await client.account.login({ userName: 'alice', password: 'secret' });
    const me = (await client.account.profile()) as unknown as { cookies: string; bearer: boolean };
    expect(me).toMatchObject({ userName: 'alice', bearer: false });
    expect(me.cookies.split('; ').sort()).toEqual(['GZCTF_Token=session-1', 'theme=dark']);
  });

  it('keeps sessions apart, or shares one through a given jar', async () => {
    const cookieJar = new CookieJar();
    const first = createNodeClient({ baseUrl: base, cookieJar, retry: 0 });
    await first.account.login({ userName: 'alice', password: 'secret' });
    const other = createNodeClient({ baseUrl: base, retry: 0 });
    const error = await other.account.profile().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PennonError);
    const shared = createNodeClient({ baseUrl: base, cookieJar, retry: 0 });
    await expect(shared.account.profile()).resolves.toMatchObject({ userName: 'alice' });
  });

  it('stores nothing from a failed login', async () => {
    const cookieJar = new CookieJar();
    const client = createNodeClient({ baseUrl: base, cookieJar, retry: 0 });
    await expect(client.account.login({ userName: 'alice', password: 'nope' })).rejects.toMatchObject({
      status: 401,
    });
    expect(await cookieJar.getCookieString(base)).toBe('');
  });

  it('sends a token as a Bearer header', async () => {
    const client = createNodeClient({ baseUrl: base, token: 'tok-123', headers: { 'x-extra': '1' } });
    await expect(client.account.profile()).resolves.toMatchObject({ userName: 'alice', bearer: true });
  });
});

describe('the browser entry', () => {
  it('leaves tough-cookie to @pennon/sdk/node', () => {
    const src = new URL('../src/', import.meta.url);
    const importers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => readFileSync(new URL(file, src), 'utf8').includes("from 'tough-cookie'"));
    expect(importers).toEqual(['node.ts']);
  });
});
