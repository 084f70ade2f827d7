import { type Kysely, PostgresAdapter } from 'kysely';

// Hints with a cost (issue #44): a challenge's titled hints, each free or costing points or a percentage of the
// challenge's value, visible from `release_time` on. A team's unlock is the score adjustment that charged it
// (`score_adjustments.hint_id`), unique per hint and participation so two teammates clicking at once pay once;
// deleting a hint deletes its charges with it.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('challenge_hints')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('challenge_id', 'integer', (col) =>
      col.notNull().references('challenges.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('cost_kind', 'text', (col) => col.notNull())
    .addColumn('cost', 'integer', (col) => col.notNull())
    .addColumn('release_time', 'bigint')
    .execute();
  await db.schema
    .createIndex('challenge_hints_challenge')
    .on('challenge_hints')
    .column('challenge_id')
    .execute();
  await db.schema
    .alterTable('score_adjustments')
    .addColumn('hint_id', 'integer', (col) => col.references('challenge_hints.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('score_adjustments_hint_unlock')
    .on('score_adjustments')
    .columns(['hint_id', 'participation_id'])
    .unique()
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('score_adjustments_hint_unlock').execute();
  await db.schema.alterTable('score_adjustments').dropColumn('hint_id').execute();
  await db.schema.dropTable('challenge_hints').execute();
};
