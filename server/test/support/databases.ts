// The databases every server test runs on: SQLite always, PostgreSQL when a server is provided.
// `npm test` provides one (scripts/test-env.mjs) and sets PENNON_TEST_REQUIRE_POSTGRES, so CI can't skip it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export interface DatabaseKind {
  name: 'sqlite' | 'postgres';
  create(): Promise<TestDatabase>;
}

export const sqlite: DatabaseKind = {
  name: 'sqlite',
  create: async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-test-'));
    return {
      url: `sqlite:${path.join(dir, 'test.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

const postgres = (adminUrl: string): DatabaseKind => ({
  name: 'postgres',
  create: async () => {
    const name = `pennon_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  },
});

export const databaseKinds = (): DatabaseKind[] => {
  const url = process.env.PENNON_TEST_POSTGRES_URL;
  if (url) return [sqlite, postgres(url)];
  if (process.env.PENNON_TEST_REQUIRE_POSTGRES) {
    throw new Error('PENNON_TEST_REQUIRE_POSTGRES is set but PENNON_TEST_POSTGRES_URL is not');
  }
  console.warn('PENNON_TEST_POSTGRES_URL is not set: server tests run on SQLite only');
  return [sqlite];
};

/** Each database kind on its own, then (when PENNON_TEST_REDIS_URL names one) with a Redis bus between processes. */
export const withAndWithoutRedis = () => {
  const redisUrl = process.env.PENNON_TEST_REDIS_URL;
  return [
    ...databaseKinds().map((kind) => ({ name: kind.name, kind, env: {} as Record<string, string> })),
    ...(redisUrl
      ? databaseKinds().map((kind) => ({
          name: `${kind.name}, Redis bus`,
          kind,
          env: { PENNON_REDIS_URL: redisUrl } as Record<string, string>,
        }))
      : []),
  ];
};
