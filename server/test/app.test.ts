import { ClientConfig } from '@pennon/sdk/contract';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/database.ts';
import { ConfigStore } from '../src/services/config-store.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

describe.each(databaseKinds())('server on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('applies migrations once and is idempotent on restart', async () => {
    const again = await migrate(t.connection.db);
    expect(again.results).toEqual([]);
  });

  it('serves the client config defaults of the spec', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(ClientConfig, body)).toBe(true);
    expect(body).toMatchObject({
      title: 'GZ',
      slogan: 'Hack for fun not for profit',
      portMapping: 'Default',
      defaultLifetime: 120,
      extensionDuration: 120,
      renewalWindow: 10,
      logoUrl: null,
    });
    expect(body).not.toHaveProperty('apiPublicKey');
  });

  it('revalidates the config with ETags and shows a change at once', async () => {
    const first = await t.app.inject('/api/config');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache, must-revalidate');

    const unchanged = await t.app.inject({ url: '/api/config', headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const store = new ConfigStore(t.connection.db, 'Default');
    const { globalConfig } = await store.read();
    await store.update({ globalConfig: { ...globalConfig, title: 'Flagship', slogan: 'Capture it all' } });

    const changed = await t.app.inject({ url: '/api/config', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Flagship', slogan: 'Capture it all' });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('keeps sections that an update leaves out', async () => {
    const store = new ConfigStore(t.connection.db, 'Default');
    const before = await store.read();
    await store.update({
      containerPolicy: { ...before.containerPolicy, defaultLifetime: 60 },
      globalConfig: null,
    });
    const after = await store.read();
    expect(after.containerPolicy.defaultLifetime).toBe(60);
    expect(after.globalConfig).toEqual(before.globalConfig);
    const res = await t.app.inject('/api/CONFIG');
    expect(res.json().defaultLifetime).toBe(60);
  });

  it('reports the database as healthy', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Healthy' });
  });
});
