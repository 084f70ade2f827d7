// Embedding: the widgets' bundles at /widgets/ for any site, and the public endpoints a widget reads answering
// the origins PENNON_EMBED_ORIGINS allows (preflights included), never with credentials, and nothing else.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from '../src/settings.ts';
import { gameBody, gameClient, signInAdmin } from './games/helpers.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

const embedder = 'https://sponsor.example.org';

const fakeWidgetsBuild = (): string => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-widgets-'));
  mkdirSync(path.join(dir, 'chunks'));
  mkdirSync(path.join(dir, 'locales'));
  writeFileSync(path.join(dir, 'pennon-widgets.js'), 'export {};\n');
  writeFileSync(path.join(dir, 'pennon-widgets.iife.js'), '(function(){})();\n');
  writeFileSync(path.join(dir, 'chunks/chart-abc123.js'), 'export {};\n');
  writeFileSync(path.join(dir, 'locales/en-US.json'), '{"widgets":{}}');
  return dir;
};

describe.each(databaseKinds())('embedding ($name)', (kind) => {
  let t: TestApp;
  let gameId: number;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      PENNON_EMBED_ORIGINS: `${embedder}, http://localhost:3000`,
      PENNON_WIDGETS_DIR: fakeWidgetsBuild(),
    });
    const admin = await signInAdmin(t.app, t.connection.db);
    ({ id: gameId } = await gameClient(t.app).ok(admin, 'POST', '/api/edit/games', gameBody()));
  });
  afterAll(() => t.close());

  const get = (url: string, origin = embedder, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { origin, ...headers } });

  it.each([
    '/api/config',
    '/api/game/{id}',
    '/api/game/{id}/scoreboard',
    '/api/game/{id}/notices',
    '/api/game/{id}/ctftime',
  ])('GET %s answers an allowed origin, exposing the ETag, without credentials', async (pattern) => {
    const res = await get(pattern.replace('{id}', String(gameId)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(embedder);
    expect(res.headers['access-control-expose-headers']).toBe('ETag');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toContain('Origin');
  });

  it('lets the SDK poll the scoreboard cross-origin with If-None-Match', async () => {
    const url = `/api/game/${gameId}/scoreboard`;
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin: embedder,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match,accept-language',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(embedder);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET');
    expect(preflight.headers['access-control-allow-headers']).toContain('if-none-match');
    const first = await get(url);
    const again = await get(url, embedder, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['access-control-allow-origin']).toBe(embedder);
  });

  it("answers the user hub's negotiate and its preflight, and no other hub's", async () => {
    const preflight = (url: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: embedder,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-requested-with,x-signalr-user-agent',
        },
      });
    const user = await preflight(`/hub/user/negotiate?game=${gameId}&negotiateVersion=1`);
    expect(user.statusCode).toBe(204);
    expect(user.headers['access-control-allow-methods']).toBe('POST');
    expect(user.headers['access-control-allow-headers']).toContain('x-signalr-user-agent');
    const negotiate = await t.app.inject({
      method: 'POST',
      url: `/hub/user/negotiate?game=${gameId}&negotiateVersion=1`,
      headers: { origin: embedder },
    });
    expect(negotiate.statusCode, negotiate.body).toBe(200);
    expect(negotiate.headers['access-control-allow-origin']).toBe(embedder);
    const monitor = await preflight(`/hub/monitor/negotiate?game=${gameId}`);
    expect(monitor.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses origins not allowed, other endpoints and other methods', async () => {
    const stranger = await get(`/api/game/${gameId}/scoreboard`, 'https://evil.example.net');
    expect(stranger.statusCode).toBe(200);
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const profile = await get('/api/account/profile');
    expect(profile.headers['access-control-allow-origin']).toBeUndefined();
    const leave = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/game/${gameId}`,
      headers: { origin: embedder, 'access-control-request-method': 'DELETE' },
    });
    expect(leave.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('tells any page whether its own origin may embed, readable from that page', async () => {
    const ask = (origin?: string) =>
      t.app.inject({ method: 'GET', url: '/api/embed/origin', headers: origin ? { origin } : {} });
    const allowed = await ask(embedder);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ origin: embedder, allowed: true });
    const refused = await ask('https://evil.example.net');
    expect(refused.json()).toEqual({ origin: 'https://evil.example.net', allowed: false });
    // The refused page must be able to read that answer, and no cache may hand it to another origin.
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.headers['access-control-allow-credentials']).toBeUndefined();
    expect(refused.headers.vary).toContain('Origin');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await ask()).json()).toEqual({ origin: null, allowed: true });
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/embed/origin',
      headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves the bundles to any site, stable names for an hour and hashed chunks for good', async () => {
    const module = await get('/widgets/pennon-widgets.js', 'https://anywhere.example');
    expect(module.statusCode).toBe(200);
    expect(module.headers['content-type']).toMatch(/javascript/);
    expect(module.headers['access-control-allow-origin']).toBe('*');
    expect(module.headers['cache-control']).toContain('max-age=3600');
    const classic = await get('/widgets/pennon-widgets.iife.js');
    expect(classic.statusCode).toBe(200);
    const chunk = await get('/widgets/chunks/chart-abc123.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const locale = await get('/widgets/locales/en-US.json');
    expect(locale.json()).toEqual({ widgets: {} });
  });
});

describe.each(databaseKinds())('embedding: any origin, or none by default ($name)', (kind) => {
  it('answers every origin with * when allowed so, and none when unset', async () => {
    const open = await startTestApp(kind, { PENNON_EMBED_ORIGINS: '*' });
    const closed = await startTestApp(kind);
    try {
      const headers = { origin: 'https://stream.example.tv' };
      const any = await open.app.inject({ url: '/api/config', headers });
      expect(any.headers['access-control-allow-origin']).toBe('*');
      expect(any.headers.vary ?? '').not.toContain('Origin');
      const none = await closed.app.inject({ url: '/api/config', headers });
      expect(none.statusCode).toBe(200);
      expect(none.headers['access-control-allow-origin']).toBeUndefined();
      const probe = (app: TestApp) => app.app.inject({ url: '/api/embed/origin', headers });
      expect((await probe(open)).json()).toEqual({ origin: headers.origin, allowed: true });
      // Unset (the default), no site may embed, and the probe says so.
      expect((await probe(closed)).json()).toEqual({ origin: headers.origin, allowed: false });
    } finally {
      await open.close();
      await closed.close();
    }
  });
});

describe('PENNON_EMBED_ORIGINS', () => {
  it('reads *, a list of origins, or nothing', () => {
    expect(readSettings({ PENNON_EMBED_ORIGINS: '*' }).embedOrigins).toBe('*');
    expect(
      readSettings({ PENNON_EMBED_ORIGINS: 'https://a.example, http://b.example:8080/' }).embedOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(readSettings({}).embedOrigins).toEqual([]);
  });

  it.each(['ftp://a.example', 'https://a.example/path', 'a.example', 'https://*.example'])(
    'refuses %s with a clear message',
    (value) => {
      expect(() => readSettings({ PENNON_EMBED_ORIGINS: value })).toThrow(SettingsError);
      expect(() => readSettings({ PENNON_EMBED_ORIGINS: value })).toThrow(/PENNON_EMBED_ORIGINS/);
    },
  );
});
