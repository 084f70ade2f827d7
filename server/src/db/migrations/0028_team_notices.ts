import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Team notices (issue #44): what a verdict correction did to a team, kept for it, so that a member who was not online
// when the user hub pushed it reads it later. Written in the correction's transaction: kept exactly when it happened.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  await db.schema
    .createTable('team_notices')
    .addColumn('id', 'integer', id)
    .addColumn('participation_id', 'integer', (col) =>
      col.notNull().references('participations.id').onDelete('cascade'),
    )
    // The notice without its id, as JSON (the SDK's TeamNotice).
    .addColumn('payload', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('team_notices_participation')
    .on('team_notices')
    .columns(['participation_id', 'id'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('team_notices').execute();
};
