// §4.13 captcha: the provider info, HashPow solved here for real, and Turnstile against a fake siteverify.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadingZeroBits, powDigest } from '../src/captcha/hash-pow.ts';
import { ConfigStore } from '../src/services/config-store.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

/** What the web client does: 4 random bytes and a 4-byte counter, until enough leading zero bits. */
const solve = (challenge: string, difficulty: number): string => {
  const answer = Buffer.alloc(8);
  randomBytes(4).copy(answer);
  for (let counter = 0; ; counter++) {
    answer.writeUInt32BE(counter, 4);
    if (leadingZeroBits(powDigest(challenge, answer.toString('hex'))) >= difficulty)
      return answer.toString('hex');
  }
};

const useCaptcha = async (t: TestApp, on: boolean) => {
  const config = new ConfigStore(t.connection.db, 'Default');
  await config.update({ accountPolicy: { ...(await config.read()).accountPolicy, useCaptcha: on } });
};

const registerWith = (app: FastifyInstance, userName: string, challenge: string) =>
  app.inject({
    method: 'POST',
    url: '/api/account/register',
    payload: { userName, email: `${userName}@example.com`, password: 'Secret123', challenge },
  });

describe.each(databaseKinds())('captcha on $name', (kind) => {
  describe('HashPow', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, {
        PENNON_CAPTCHA_PROVIDER: 'HashPow',
        PENNON_CAPTCHA_SITE_KEY: 'site',
        PENNON_CAPTCHA_POW_DIFFICULTY: '3',
      });
    });
    afterAll(async () => t?.close());

    const challenge = async () => {
      const res = await t.app.inject({ url: '/api/captcha/powchallenge' });
      expect(res.statusCode).toBe(200);
      return res.json() as { id: string; challenge: string; difficulty: number };
    };

    it('shows None until the policy asks for a captcha, with an ETag', async () => {
      const off = await t.app.inject({ url: '/api/captcha' });
      expect(off.json()).toEqual({ type: 'None', siteKey: '' });
      await useCaptcha(t, true);
      const on = await t.app.inject({ url: '/api/captcha' });
      expect(on.json()).toEqual({ type: 'HashPow', siteKey: 'site' });
      expect(on.headers.etag).toBeDefined();
      const again = await t.app.inject({
        url: '/api/captcha',
        headers: { 'if-none-match': on.headers.etag },
      });
      expect(again.statusCode).toBe(304);
    });

    it('issues challenges of the documented shape, the difficulty clamped to 8', async () => {
      const c = await challenge();
      expect(c.id).toMatch(/^[0-9a-f]{12}$/);
      expect(c.challenge).toMatch(/^[0-9a-f]{16}$/);
      expect(c.difficulty).toBe(8);
    });

    it('accepts a solved challenge once, and refuses wrong, malformed and unknown answers', async () => {
      await useCaptcha(t, true);
      const c = await challenge();
      const answer = solve(c.challenge, c.difficulty);
      const wrong = (BigInt(`0x${answer}`) ^ 1n).toString(16).padStart(16, '0');
      if (leadingZeroBits(powDigest(c.challenge, wrong)) < c.difficulty) {
        expect((await registerWith(t.app, 'powwrong', `${c.id}:${wrong}`)).statusCode).toBe(400);
      }
      expect((await registerWith(t.app, 'powbad', `${c.id}:xyz`)).statusCode).toBe(400);
      expect((await registerWith(t.app, 'powbad2', `${c.id}:${answer}:1`)).statusCode).toBe(400);
      expect((await registerWith(t.app, 'powunk', `000000000000:${answer}`)).statusCode).toBe(400);
      const ok = await registerWith(t.app, 'powok', `${c.id}:${answer}`);
      expect(ok.statusCode, ok.body).toBe(200);
      const reused = await registerWith(t.app, 'powagain', `${c.id}:${answer}`);
      expect(reused.statusCode).toBe(400);
      expect(reused.json().title).toMatch(/captcha/i);
      // Login and recovery check it too.
      const loginNoCaptcha = await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { userName: 'powok', password: 'Secret123' },
      });
      expect(loginNoCaptcha.statusCode).toBe(400);
      const c2 = await challenge();
      const loginOk = await t.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: {
          userName: 'powok',
          password: 'Secret123',
          challenge: `${c2.id}:${solve(c2.challenge, 8)}`,
        },
      });
      expect(loginOk.statusCode).toBe(200);
      const recovery = await t.app.inject({
        method: 'POST',
        url: '/api/account/recovery',
        payload: { email: 'powok@example.com' },
      });
      expect(recovery.json().title).toMatch(/captcha/i);
      await useCaptcha(t, false);
    });

    it('refuses an expired challenge', async () => {
      await useCaptcha(t, true);
      const c = await challenge();
      await t.connection.db
        .updateTable('pow_challenges')
        .set({ expires_at: Date.now() - 1 })
        .execute();
      expect((await registerWith(t.app, 'powlate', `${c.id}:${solve(c.challenge, 8)}`)).statusCode).toBe(400);
      await useCaptcha(t, false);
    });
  });

  describe('Cloudflare Turnstile', () => {
    let t: TestApp;
    let siteverify: Server;
    const seen: URLSearchParams[] = [];
    beforeAll(async () => {
      siteverify = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => {
          body += chunk;
        });
        req.on('end', () => {
          const form = new URLSearchParams(body);
          seen.push(form);
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({ success: form.get('secret') === 'sec' && form.get('response') === 'good' }),
          );
        });
      });
      await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
      const { port } = siteverify.address() as AddressInfo;
      t = await startTestApp(kind, {
        PENNON_CAPTCHA_PROVIDER: 'cloudflareturnstile',
        PENNON_CAPTCHA_SITE_KEY: 'site',
        PENNON_CAPTCHA_SECRET_KEY: 'sec',
        PENNON_TURNSTILE_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      });
      await useCaptcha(t, true);
    });
    afterAll(async () => {
      await t?.close();
      siteverify?.close();
    });

    it('passes what siteverify accepts and refuses the rest', async () => {
      expect((await t.app.inject({ url: '/api/captcha' })).json()).toEqual({
        type: 'CloudflareTurnstile',
        siteKey: 'site',
      });
      expect((await t.app.inject({ url: '/api/captcha/powchallenge' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/captcha/powchallenge' })).body).toBe('');
      const bad = await registerWith(t.app, 'tsbad', 'bad');
      expect(bad.statusCode).toBe(400);
      const good = await registerWith(t.app, 'tsgood', 'good');
      expect(good.statusCode, good.body).toBe(200);
      expect(seen.at(-1)?.get('remoteip')).toBe('127.0.0.1');
    });
  });
});
