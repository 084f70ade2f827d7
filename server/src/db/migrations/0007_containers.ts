import type { Kysely } from 'kysely';

// Challenge containers (§4.10): one row per container the platform started and has not destroyed.
// `instance_id` is the game instance it serves (null: an admin test container); the games tables link to it.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('containers')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('runtime_id', 'varchar(128)', (col) => col.notNull())
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('ip', 'varchar(64)', (col) => col.notNull())
    .addColumn('port', 'integer', (col) => col.notNull())
    .addColumn('public_ip', 'varchar(256)')
    .addColumn('public_port', 'integer')
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('expect_stop_at', 'bigint', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('instance_id', 'integer')
    .addColumn('is_proxy', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('containers_expect_stop_at')
    .on('containers')
    .column('expect_stop_at')
    .execute();
  await db.schema.createIndex('containers_instance_id').on('containers').column('instance_id').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('containers').execute();
};
