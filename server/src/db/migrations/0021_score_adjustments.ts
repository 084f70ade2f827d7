import { type Kysely, PostgresAdapter } from 'kysely';

// Awards and penalties (issue #44): signed points an admin gives a team in a game, with a reason, counted in its
// score from `time` on. They go with their game or participation; the admin's name stays unset once the account goes.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('score_adjustments')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('participation_id', 'integer', (col) =>
      col.notNull().references('participations.id').onDelete('cascade'),
    )
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('time', 'bigint', (col) => col.notNull())
    .addColumn('admin_id', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('score_adjustments_game').on('score_adjustments').column('game_id').execute();
  await db.schema
    .createIndex('score_adjustments_participation')
    .on('score_adjustments')
    .column('participation_id')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('score_adjustments').execute();
};
