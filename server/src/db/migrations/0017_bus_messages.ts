import { type Kysely, PostgresAdapter } from 'kysely';

// Live bus messages written by another process for a SQLite server (live/sqlite-bus.ts): the CLI's, whose changes
// the running server must hear of. Each is kept a minute. PostgreSQL carries them by NOTIFY and leaves this empty.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('bus_messages')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('bus_messages').execute();
};
