// The headers browsers defend users by: the web app's Content-Security-Policy with a nonce per response, `nosniff`
// on every answer, and widgets' files that other sites may still load. Headers do not depend on the database:
// SQLite only.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

const sqlite = databaseKinds()[0];
if (sqlite?.name !== 'sqlite') throw new Error('SQLite comes first in databaseKinds()');

/** A shell shaped like Vite's: a module script by URL, and an inline script a build might add. */
const SHELL = [
  '<!doctype html><html><head><title>shell</title>',
  '<script type="module" crossorigin src="/static/index-0123abcd.js"></script>',
  '<script>window.inline = 1</script>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

const builds = () => {
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-web-'));
  mkdirSync(path.join(webDir, 'static'));
  writeFileSync(path.join(webDir, 'index.html'), SHELL);
  writeFileSync(path.join(webDir, 'static', 'index-0123abcd.js'), 'console.log(1)');
  const widgetsDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-widgets-'));
  writeFileSync(path.join(widgetsDir, 'pennon-widgets.js'), 'export {}');
  return { PENNON_WEB_DIR: webDir, PENNON_WIDGETS_DIR: widgetsDir };
};

/** The policy's directives by name: `{ 'script-src': ["'self'", …] }`. */
const policyOf = (res: LightMyRequestResponse): Record<string, string[]> => {
  const header = res.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
};

const nonceIn = (directives: Record<string, string[]>): string => {
  const source = directives['script-src']?.find((value) => value.startsWith("'nonce-"));
  expect(source).toBeDefined();
  return String(source).slice("'nonce-".length, -1);
};

describe('security headers', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(sqlite, builds());
  });
  afterAll(() => server.close());

  it('serves the shell, at / and on deep client routes, under a policy that runs only its own scripts', async () => {
    for (const url of ['/', '/index.html', '/games/3/challenges', '/account/login?from=x']) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const policy = policyOf(res);
      expect(policy['script-src']).toContain("'self'");
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      expect(String(res.headers['content-security-policy'])).not.toContain("'unsafe-eval'");
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['worker-src']).toEqual(["'self'"]);
      // No third party is trusted unless the captcha needs it.
      expect(policy['script-src']?.some((source) => source.includes('cloudflare'))).toBe(false);
      expect(policy['frame-src']).toEqual(["'self'"]);
    }
  });

  it('gives each response its own nonce, on every script tag of the shell', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await server.app.inject('/games/1');
      const nonce = nonceIn(policyOf(res));
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const tags = res.body.match(/<script[^>]*>/g) ?? [];
      expect(tags).toHaveLength(2);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      seen.add(nonce);
    }
    expect(seen.size).toBe(3);
  });

  it('never sends the shell as a plain file, whatever the spelling of its name', async () => {
    for (const url of [
      '/index.html',
      '/%69ndex.html',
      '/index%2Ehtml',
      '/INDEX.HTML',
      '/static/../index.html',
    ]) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain(`<script nonce="${nonceIn(policyOf(res))}"`);
    }
  });

  it('marks API answers, hub negotiates, the OpenAPI document and the health check nosniff', async () => {
    const answers = [
      await server.app.inject('/api/config'),
      await server.app.inject('/api/missing'),
      await server.app.inject({ method: 'POST', url: '/api/account/login', payload: {} }),
      await server.app.inject({ method: 'POST', url: '/hub/user/negotiate?negotiateVersion=1' }),
      await server.app.inject('/openapi/v1.json'),
      await server.app.inject('/healthz'),
      await server.app.inject('/static/index-0123abcd.js'),
      // Refused by the router before any hook runs.
      await server.app.inject('/api/game/%zz'),
    ];
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-type']).not.toMatch(/^text\/html/);
    }
  });

  it('keeps the widgets loadable from any site', async () => {
    const res = await server.app.inject({
      url: '/widgets/pennon-widgets.js',
      headers: { origin: 'https://ctf.example.org' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});

describe('security headers with Cloudflare Turnstile', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(sqlite, { ...builds(), PENNON_CAPTCHA_PROVIDER: 'CloudflareTurnstile' });
  });
  afterAll(() => server.close());

  it("admits Turnstile's script and frame, and nothing else of Cloudflare's", async () => {
    const policy = policyOf(await server.app.inject('/account/register'));
    expect(policy['script-src']).toContain('https://challenges.cloudflare.com');
    expect(policy['frame-src']).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['connect-src']).toEqual(["'self'"]);
  });
});
