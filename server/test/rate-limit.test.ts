// §1.7 rate limits: the budgets of the named and global policies, on the shipped settings (no address exempt): a
// signed-in user's per account, an anonymous address's sized for a class of 100; files are never counted.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concurrency, slidingWindow, tokenBucket } from '../src/http/limiters.ts';
import { asUser, sessionToken } from './support/accounts.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

describe('limiter algorithms', () => {
  it('slides a segmented window', () => {
    const limiter = slidingWindow(2, 60_000, 6);
    expect(limiter.take('a', 0)).toBeNull();
    expect(limiter.take('a', 15_000)).toBeNull();
    expect(limiter.take('a', 20_000)).toBe(40_000); // the first segment leaves the window at 60 s
    expect(limiter.take('b', 20_000)).toBeNull();
    expect(limiter.take('a', 60_000)).toBeNull();
  });

  it('refills a token bucket in whole periods', () => {
    const limiter = tokenBucket(2, 1, 10_000);
    expect(limiter.take('a', 0)).toBeNull();
    expect(limiter.take('a', 1)).toBeNull();
    expect(limiter.take('a', 9_000)).toBe(1_000);
    expect(limiter.take('a', 10_000)).toBeNull();
    expect(limiter.take('a', 10_001)).toBe(9_999);
  });

  it('takes turns one at a time, and a waiter that leaves gives its place up', async () => {
    const acquire = concurrency(1);
    const first = await acquire();
    const gone = new AbortController();
    const leaving = acquire(gone.signal);
    expect(await acquire()).toBeNull(); // the queue of one is full
    gone.abort();
    expect(await leaving).toBeNull();
    const next = acquire(); // its place, not refused
    first?.();
    const second = await next;
    expect(second).toBeTypeOf('function');
    second?.();
  });
});

describe.each(databaseKinds())('rate limits on $name', (kind) => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    // A web build of a shell and one hashed file, to count what a page load fetches.
    webDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-web-'));
    mkdirSync(path.join(webDir, 'static'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(webDir, 'static', 'app.0123abcd.js'), 'console.log(1)');
    t = await startTestApp(kind, {
      PENNON_CAPTCHA_PROVIDER: 'HashPow',
      PENNON_RATE_LIMIT_EXEMPT: '',
      PENNON_WEB_DIR: webDir,
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const recovery = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/recovery',
      payload: { email: 'nobody@example.com' },
      remoteAddress,
    });

  it("answers 429 with Retry-After once an address's register budget (200 per 150 s) is spent", async () => {
    for (let i = 0; i < 200; i++) expect((await recovery('203.0.113.7')).statusCode).not.toBe(429);
    const refused = await recovery('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      status: 429,
      title: expect.stringMatching(/try again in \d+ seconds/),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(150);
    // Another client still gets through.
    expect((await recovery('203.0.113.8')).statusCode).not.toBe(429);
  });

  it('counts sign-in attempts in the register budget: a guesser gets 200 per 150 s per address', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { userName: 'admin', password: 'Guess1234' },
        remoteAddress: '203.0.113.30',
      });
    expect((await login()).statusCode).toBe(401);
    for (let i = 1; i < 200; i++) expect((await recovery('203.0.113.30')).statusCode).not.toBe(429);
    expect((await login()).statusCode).toBe(429);
  });

  it('limits loopback like any other address', async () => {
    for (let i = 0; i < 200; i++) expect((await recovery('127.0.0.1')).statusCode).not.toBe(429);
    expect((await recovery('127.0.0.1')).statusCode).toBe(429);
    expect((await recovery('::1')).statusCode).not.toBe(429);
  });

  it('exempts only the addresses PENNON_RATE_LIMIT_EXEMPT names', async () => {
    const other = await startTestApp(kind, { PENNON_RATE_LIMIT_EXEMPT: '192.0.2.0/24, ::1' });
    try {
      const from = (remoteAddress: string) =>
        other.app.inject({
          method: 'POST',
          url: '/api/account/recovery',
          payload: { email: 'nobody@example.com' },
          remoteAddress,
        });
      for (const exempt of ['192.0.2.77', '::1']) {
        for (let i = 0; i < 205; i++) expect((await from(exempt)).statusCode).not.toBe(429);
      }
      for (let i = 0; i < 200; i++) await from('127.0.0.1');
      expect((await from('127.0.0.1')).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it("gives powchallenge an address's bucket of 400", async () => {
    const get = () => t.app.inject({ url: '/api/captcha/powchallenge', remoteAddress: '198.51.100.1' });
    for (let i = 0; i < 400; i++) expect((await get()).statusCode).toBe(200);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(30);
  });

  it('counts a signed-in user per account: 150 requests a minute, from whatever address', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { userName: 'deckhand', email: 'deckhand@example.com', password: 'Secret123' },
      remoteAddress: '192.0.2.40',
    });
    expect(signUp.statusCode).toBe(200);
    const token = sessionToken(signUp);
    const get = (remoteAddress: string) =>
      t.app.inject({ url: '/api/account/profile', remoteAddress, ...asUser(token) });
    for (let i = 0; i < 150; i++) expect((await get(`192.0.2.${50 + (i % 2)}`)).statusCode).toBe(200);
    expect((await get('192.0.2.52')).statusCode).toBe(429);
    // The address the user came from still serves its other, anonymous visitors.
    expect((await t.app.inject({ url: '/api/config', remoteAddress: '192.0.2.50' })).statusCode).toBe(200);
  });

  it('gives an anonymous address 3000 API calls a minute (a class of 100), and never counts files', async () => {
    const address = '192.0.2.90';
    const get = () => t.app.inject({ url: '/api/config', remoteAddress: address });
    for (let i = 0; i < 3000; i++) expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(429);
    for (const url of [
      '/',
      '/games/3/scoreboard',
      '/index.html',
      '/static/app.0123abcd.js',
      '/favicon.webp',
    ]) {
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ url, remoteAddress: address });
        expect(res.statusCode, url).toBe(200);
      }
    }
    // A missing upload is a 404 (not a 429): looked up, not counted.
    expect(
      (await t.app.inject({ url: `/assets/${'0'.repeat(64)}/avatar.webp`, remoteAddress: address }))
        .statusCode,
    ).toBe(404);
    // What is not a file stays counted, a missing API path too.
    expect((await t.app.inject({ url: '/api/nothing', remoteAddress: address })).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'POST', url: '/games', remoteAddress: address })).statusCode).toBe(
      429,
    );
  });

  it('can be turned off', async () => {
    const other = await startTestApp(kind, { PENNON_RATE_LIMIT: 'off' });
    try {
      for (let i = 0; i < 205; i++) {
        const res = await other.app.inject({
          method: 'POST',
          url: '/api/account/recovery',
          payload: { email: 'nobody@example.com' },
          remoteAddress: '203.0.113.9',
        });
        expect(res.statusCode).not.toBe(429);
      }
    } finally {
      await other.close();
    }
  });
});

// `npm test` starts a Redis (scripts/test-env.mjs) and stops if it cannot.
const redisUrl = process.env.PENNON_TEST_REDIS_URL;

describe.each(redisUrl ? databaseKinds() : [])('rate limits through Redis on $name', (kind) => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      PENNON_REDIS_URL: redisUrl ?? '',
      PENNON_CAPTCHA_PROVIDER: 'HashPow',
      PENNON_RATE_LIMIT_EXEMPT: '',
    });
    other = await t.reopen();
  });
  afterAll(async () => t?.close());

  // Redis outlives the test: a client of its own each run, or an earlier run's counts would be found.
  const client = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
  const recovery = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/account/recovery',
      payload: { email: 'x@example.com' },
      remoteAddress,
    });

  it("counts one address's register budget (200 per 150 s) across two processes sharing one Redis", async () => {
    const address = client();
    for (let i = 0; i < 200; i++) {
      expect((await recovery(i % 2 === 0 ? t.app : other, address)).statusCode).not.toBe(429);
    }
    for (const app of [t.app, other]) {
      const refused = await recovery(app, address);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(150);
    }
    expect((await recovery(other, client())).statusCode).not.toBe(429);
  });

  it('counts one token bucket across processes: powchallenge gives an address 400 in all', async () => {
    const address = client();
    const get = (app: FastifyInstance) =>
      app.inject({ url: '/api/captcha/powchallenge', remoteAddress: address });
    for (let i = 0; i < 400; i++) expect((await get(i < 250 ? t.app : other)).statusCode).toBe(200);
    const refused = await get(t.app);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(30);
  });
});

describe('rate limits with a Redis that does not answer', () => {
  it('count in each process instead, refusing nothing else', async () => {
    const [kind] = databaseKinds();
    // Nothing listens on port 1: the live bus gives up waiting at start and goes on without Redis.
    const t = await startTestApp(kind as NonNullable<typeof kind>, {
      PENNON_REDIS_URL: 'redis://127.0.0.1:1',
      PENNON_RATE_LIMIT_EXEMPT: '',
    });
    try {
      const recovery = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/account/recovery',
          payload: { email: 'x@example.com' },
          remoteAddress: '203.0.113.50',
        });
      for (let i = 0; i < 200; i++) expect((await recovery()).statusCode).not.toBeGreaterThanOrEqual(429);
      expect((await recovery()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
