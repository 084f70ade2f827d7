// A real server on a real database of the given kind, reached through `inject`.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Connection, connect, migrate } from '../../src/db/database.ts';
import { readSettings } from '../../src/settings.ts';
import type { DatabaseKind, TestDatabase } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  connection: Connection;
  database: TestDatabase;
  /** Another server on the same database, as after a restart; closed with this one. */
  reopen(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export const startTestApp = async (
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<TestApp> => {
  const database = await kind.create();
  const settings = readSettings({
    PENNON_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'pennon-data-')),
    PENNON_WEB_DIR: path.join(os.tmpdir(), 'pennon-no-web-build'),
    PENNON_DATABASE_URL: database.url,
    // Tests make far more requests from loopback (inject's default address) than a player may; a test of the
    // shipped limits passes PENNON_RATE_LIMIT_EXEMPT: ''.
    PENNON_RATE_LIMIT_EXEMPT: 'loopback',
    ...env,
  });
  const open = async () => {
    const connection = connect(settings.databaseUrl, { synchronous: settings.sqliteSynchronous });
    await migrate(connection.db);
    return { connection, app: await buildApp({ settings, connection }) };
  };
  const { app, connection } = await open();
  const others: FastifyInstance[] = [];
  return {
    app,
    connection,
    database,
    reopen: async () => {
      const other = (await open()).app;
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await app.close();
      await database.drop();
    },
  };
};
