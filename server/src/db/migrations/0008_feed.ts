import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// A game's notices (for everyone) and events (for monitors), §4.11. Team and user names are copied in as data:
// the feed reads as it was when it happened, even after a rename.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('game_notices')
    .addColumn('id', 'integer', id)
    .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (col) => col.notNull())
    .addColumn('values', 'text', (col) => col.notNull())
    .addColumn('time', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('game_notices_game').on('game_notices').columns(['game_id', 'time']).execute();

  await db.schema
    .createTable('game_events')
    .addColumn('id', 'integer', id)
    .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (col) => col.notNull())
    .addColumn('values', 'text', (col) => col.notNull())
    .addColumn('time', 'bigint', (col) => col.notNull())
    .addColumn('user_name', 'text', (col) => col.notNull())
    .addColumn('team_name', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('game_events_game').on('game_events').columns(['game_id', 'time']).execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('game_events').execute();
  await db.schema.dropTable('game_notices').execute();
};
