import type { Kysely } from 'kysely';

// Timestamps are Unix milliseconds in bigint columns; flags are integer 0/1, which both engines bind and compare alike.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_name', 'varchar(64)', (col) => col.notNull())
    // Upper-cased copies carry the case-insensitive uniqueness and the look-ups.
    .addColumn('normalized_user_name', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('email', 'varchar(256)', (col) => col.notNull())
    .addColumn('normalized_email', 'varchar(256)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'varchar(16)', (col) => col.notNull())
    .addColumn('email_confirmed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(64)')
    .addColumn('real_name', 'varchar(128)', (col) => col.notNull().defaultTo(''))
    .addColumn('std_number', 'varchar(64)', (col) => col.notNull().defaultTo(''))
    .addColumn('avatar_hash', 'varchar(64)')
    .addColumn('register_time_utc', 'bigint', (col) => col.notNull())
    .addColumn('last_visited_utc', 'bigint', (col) => col.notNull())
    .addColumn('ip', 'varchar(64)', (col) => col.notNull().defaultTo('0.0.0.0'))
    .addColumn('security_stamp', 'varchar(64)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_role').on('users').column('role').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
    .addColumn('ip', 'varchar(64)', (col) => col.notNull())
    .addColumn('user_agent', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
};
