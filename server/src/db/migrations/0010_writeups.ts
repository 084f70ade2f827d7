import type { Kysely } from 'kysely';

// One writeup per participation (§4.12): the stored PDF (a reference in `files`) and when it was uploaded.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('writeups')
    .addColumn('participation_id', 'integer', (col) =>
      col.primaryKey().references('participations.id').onDelete('cascade'),
    )
    .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('file_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('uploaded_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('writeups_game').on('writeups').columns(['game_id', 'uploaded_at']).execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('writeups').execute();
};
