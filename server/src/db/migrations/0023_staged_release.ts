import type { Kysely } from 'kysely';

// Staged release (issue #44): a challenge may open at `release_at` and/or once its team solved every prerequisite.
// `release_announced` marks the time release as told, so that of several processes only one announces it (the one
// whose conditional UPDATE changed the row).
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('challenges').addColumn('release_at', 'bigint').execute();
  await db.schema
    .alterTable('challenges')
    .addColumn('release_announced', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('challenge_prerequisites')
    .addColumn('challenge_id', 'integer', (col) =>
      col.notNull().references('challenges.id').onDelete('cascade'),
    )
    .addColumn('prerequisite_id', 'integer', (col) =>
      col.notNull().references('challenges.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('challenge_prerequisites_pk', ['challenge_id', 'prerequisite_id'])
    .execute();
  await db.schema
    .createIndex('challenges_release_pending')
    .on('challenges')
    .columns(['release_announced', 'release_at'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('challenges_release_pending').execute();
  await db.schema.dropTable('challenge_prerequisites').execute();
  await db.schema.alterTable('challenges').dropColumn('release_announced').execute();
  await db.schema.alterTable('challenges').dropColumn('release_at').execute();
};
