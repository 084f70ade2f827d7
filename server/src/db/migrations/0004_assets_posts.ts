import type { Kysely } from 'kysely';

export const up = async (db: Kysely<unknown>): Promise<void> => {
  // One row per stored blob; the blob itself lives in the blob store under the same hash.
  await db.schema
    .createTable('files')
    .addColumn('hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('ref_count', 'integer', (col) => col.notNull())
    .addColumn('uploaded_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('files_name').on('files').column('name').execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'varchar(8)', (col) => col.primaryKey())
    .addColumn('title', 'varchar(50)', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('tags', 'text', (col) => col.notNull())
    .addColumn('is_pinned', 'integer', (col) => col.notNull().defaultTo(0))
    // A post outlives its author; it then shows no author.
    .addColumn('author_id', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('update_time', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('posts_order').on('posts').columns(['is_pinned', 'update_time']).execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('posts').execute();
  await db.schema.dropTable('files').execute();
};
