import { type Kysely, PostgresAdapter } from 'kysely';

// API tokens (§2.3), the admin log (§2.2), HashPow challenges (§4.13, shared by every process on the database)
// and the platform's generated secrets (the token signing key, the key of mailed account links).
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(128)', (col) => col.notNull())
    .addColumn('creator_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('is_revoked', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('logs')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('time', 'bigint', (col) => col.notNull())
    .addColumn('name', 'varchar(64)')
    .addColumn('level', 'varchar(16)', (col) => col.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('msg', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(16)')
    .execute();
  await db.schema.createIndex('logs_level_time').on('logs').columns(['level', 'time']).execute();
  await db.schema.createIndex('logs_time').on('logs').column('time').execute();

  await db.schema
    .createTable('pow_challenges')
    .addColumn('id', 'varchar(12)', (col) => col.primaryKey())
    .addColumn('challenge', 'varchar(16)', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('pow_challenges_expires_at')
    .on('pow_challenges')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('platform_secrets')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('platform_secrets').execute();
  await db.schema.dropTable('pow_challenges').execute();
  await db.schema.dropTable('logs').execute();
  await db.schema.dropTable('api_tokens').execute();
};
