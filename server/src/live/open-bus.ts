// The bus joining this process to the others on its database: through Redis when configured, else on PostgreSQL
// through LISTEN/NOTIFY; on SQLite, one server hears the CLI through the database (sqlite-bus.ts). The server and
// the CLI (whose changes the running servers must hear of) open it alike.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Connection, inMemory } from '../db/database.ts';
import { PlatformSecrets } from '../services/platform-secrets.ts';
import type { Settings } from '../settings.ts';
import { type LiveBus, LocalBus } from './bus.ts';
import { PostgresBus } from './postgres-bus.ts';
import { RedisBus } from './redis-bus.ts';
import { SqliteBus, SqliteSender } from './sqlite-bus.ts';

export interface OpenBus {
  bus: LiveBus;
  /** Redis's command connection and this deployment's key prefix, when the bus is Redis (the rate limit counts there). */
  redis: { client: RedisBus['commands']; keyPrefix: string } | undefined;
  /** Sends what was published and stops. */
  close(): Promise<void>;
}

/** `cli`: the process only publishes, for the servers to hear. */
export const openBus = async (
  settings: Pick<Settings, 'redisUrl' | 'databaseUrl'>,
  connection: Connection,
  log?: FastifyBaseLogger,
  { cli = false }: { cli?: boolean } = {},
): Promise<OpenBus> => {
  if (settings.redisUrl) {
    // Made once per database: every process on it shares the namespace, another deployment has its own.
    const namespace = await new PlatformSecrets(connection.db).get('redis-namespace', () =>
      randomBytes(6).toString('hex'),
    );
    const bus = new RedisBus({ url: settings.redisUrl, namespace, log });
    await bus.start();
    return { bus, redis: { client: bus.commands, keyPrefix: bus.keyPrefix }, close: () => bus.close() };
  }
  if (connection.dialect === 'postgres') {
    const bus = new PostgresBus({ databaseUrl: settings.databaseUrl, db: connection.db, log });
    await bus.start();
    return { bus, redis: undefined, close: () => bus.close() };
  }
  // A database in this process's memory has no other process to hear.
  if (inMemory(settings.databaseUrl)) return { bus: new LocalBus(), redis: undefined, close: async () => {} };
  if (cli) {
    const bus = new SqliteSender(connection.db);
    return { bus, redis: undefined, close: () => bus.close() };
  }
  const bus = new SqliteBus(connection.db, log);
  await bus.start();
  return { bus, redis: undefined, close: () => bus.close() };
};
