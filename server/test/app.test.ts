import { ClientConfig } from '@pennon/sdk/contract';
import { sql } from 'kysely';
import pg from 'pg';
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

  it('serves the client config defaults: a fresh install is Pennon', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(ClientConfig, body)).toBe(true);
    expect(body).toMatchObject({
      title: 'Pennon',
      slogan: 'Raise your flag, one challenge at a time',
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

  it('reports Unhealthy while the database can be read but not written', async () => {
    const healthz = async () => {
      const res = await t.app.inject('/healthz');
      return { status: res.statusCode, body: res.json() };
    };
    await readOnly(true);
    try {
      expect(await healthz()).toEqual({ status: 503, body: { status: 'Unhealthy' } });
      // Reads still work: a probe that only read would have answered Healthy.
      expect((await t.app.inject('/api/config')).statusCode).toBe(200);
    } finally {
      await readOnly(false);
    }
    expect(await healthz()).toEqual({ status: 200, body: { status: 'Healthy' } });
  });

  /**
   * SQLite: `query_only` on the server's one connection. PostgreSQL: the database's default for new sessions, and
   * the server's connections ended so the pool opens new ones.
   */
  const readOnly = async (on: boolean) => {
    if (kind.name === 'sqlite') {
      await sql`pragma query_only = ${sql.raw(on ? '1' : '0')}`.execute(t.connection.db);
      return;
    }
    const admin = new pg.Client({ connectionString: process.env.PENNON_TEST_POSTGRES_URL });
    await admin.connect();
    try {
      const name = new URL(t.database.url).pathname.slice(1);
      await admin.query(`alter database ${name} set default_transaction_read_only = ${on ? 'on' : 'off'}`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    } finally {
      await admin.end();
    }
    // Until a new connection answers; a query on an ended one fails, and the pool drops it.
    await expect
      .poll(async () =>
        sql`select 1`.execute(t.connection.db).then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
  };
});
