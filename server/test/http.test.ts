// The HTTP conventions every route inherits: the error envelope, contract validation, the web client, OpenAPI.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { route, schemas } from '@pennon/sdk/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { connect, migrate } from '../src/db/database.ts';
import { errors } from '../src/http/errors.ts';
import { HttpError } from '../src/http/http-error.ts';
import { mount } from '../src/http/mount.ts';
import { readSettings } from '../src/settings.ts';

const echo = route({
  method: 'POST',
  path: '/api/test/{id}/echo',
  auth: 'anonymous',
  summary: 'test',
  params: Type.Object({ id: Type.Integer() }),
  query: Type.Object({ count: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })) }),
  body: Type.Object({ userName: Type.String({ minLength: 3 }), email: Type.String({ format: 'email' }) }),
  response: Type.Object({ id: Type.Integer(), userName: Type.String() }),
});

describe('error envelope and contract validation', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(errors);
    mount(app, echo, async (req) => {
      if (req.params.id === 7) throw new HttpError(400, 'The game has ended', 10002);
      if (req.params.id === 13) throw new Error('database exploded at /secret/path');
      // The response schema drops what the contract doesn't name, so an internal field never leaks.
      return { id: req.params.id, userName: req.body.userName, password: 'secret' } as never;
    });
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, payload: payload as object });

  it('passes a valid request and serializes only contract fields', async () => {
    const res = await post('/api/test/5/echo?count=2', { userName: 'alice', email: 'a@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 5, userName: 'alice' });
  });

  it.each([
    ['a short user name', '/api/test/5/echo', { userName: 'al', email: 'a@example.com' }, /userName/],
    ['a malformed e-mail', '/api/test/5/echo', { userName: 'alice', email: 'nope' }, /email/],
    ['a missing field', '/api/test/5/echo', { userName: 'alice' }, /email is required/],
    ['a non-integer path id', '/api/test/x/echo', { userName: 'alice', email: 'a@example.com' }, /id/],
    [
      'an out-of-range query',
      '/api/test/5/echo?count=99',
      { userName: 'alice', email: 'a@example.com' },
      /count/,
    ],
  ])('rejects %s with a 400 envelope naming the field', async (_, url, body, title) => {
    const res = await post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ title: expect.stringMatching(title), status: 400 });
  });

  it('rejects malformed JSON with an envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/5/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, title: expect.any(String) });
  });

  it('carries a body status beside the HTTP status', async () => {
    const res = await post('/api/test/7/echo', { userName: 'alice', email: 'a@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: 'The game has ended', status: 10002 });
  });

  it('hides crashes behind a 500 envelope without internals', async () => {
    const res = await post('/api/test/13/echo', { userName: 'alice', email: 'a@example.com' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ title: 'Internal server error', status: 500 });
    expect(res.body).not.toContain('secret');
  });

  it('answers unknown API routes with a 404 envelope, never HTML', async () => {
    for (const url of ['/api/nothing/here', '/api', '/hub/unknown', '/assets/abc/def']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404 });
    }
  });
});

describe('a server with a built web client', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-web-'));
    mkdirSync(path.join(webDir, 'static'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(webDir, 'static', 'app.0123abcd.js'), 'console.log(1)');
    const settings = readSettings({
      PENNON_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'pennon-data-')),
      PENNON_DATABASE_URL: 'sqlite::memory:',
      PENNON_WEB_DIR: webDir,
    });
    const connection = connect(settings.databaseUrl);
    await migrate(connection.db);
    app = await buildApp({ settings, connection });
  });
  afterAll(() => app.close());

  it('serves client routes with the SPA shell, uncached', async () => {
    for (const url of ['/', '/games/3/Challenges', '/account/login?from=x']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed static files with a one-year immutable cache', async () => {
    const res = await app.inject('/static/app.0123abcd.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps API 404s as envelopes beside the SPA fallback', async () => {
    const res = await app.inject('/api/missing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
    const missingStatic = await app.inject('/static/gone.js');
    expect(missingStatic.statusCode).toBe(404);
  });

  it('publishes an OpenAPI 3 document generated from the contract', async () => {
    const res = await app.inject('/openapi/v1.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const config = doc.paths['/api/config']?.get;
    expect(config.summary).toBe(schemas.info.config.summary);
    const schema = config.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(Object.keys(schemas.info.config.response.properties));
    expect(doc.paths['/healthz']).toBeUndefined();
  });
});
