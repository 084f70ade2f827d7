import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Submissions and their judging (§4.7), first solves (one per team and challenge, the unique key settles races),
// detected flag sharing (§4.9) and the scoreboard version that tells every process its snapshot is stale (§4.3).
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'integer', id)
    .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('participation_id', 'integer', (col) =>
      col.notNull().references('participations.id').onDelete('cascade'),
    )
    .addColumn('challenge_id', 'integer', (col) =>
      col.notNull().references('challenges.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('answer', 'varchar(127)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('time', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('submissions_game').on('submissions').columns(['game_id', 'id']).execute();
  await db.schema
    .createIndex('submissions_team')
    .on('submissions')
    .columns(['participation_id', 'challenge_id'])
    .execute();
  await db.schema.createIndex('submissions_status').on('submissions').columns(['status']).execute();

  await db.schema
    .createTable('solves')
    .addColumn('participation_id', 'integer', (col) =>
      col.notNull().references('participations.id').onDelete('cascade'),
    )
    .addColumn('challenge_id', 'integer', (col) =>
      col.notNull().references('challenges.id').onDelete('cascade'),
    )
    .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('submission_id', 'integer', (col) =>
      col.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('time', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('solves_pk', ['participation_id', 'challenge_id'])
    .execute();
  await db.schema.createIndex('solves_game').on('solves').columns(['game_id']).execute();
  await db.schema.createIndex('solves_challenge').on('solves').columns(['challenge_id', 'time']).execute();

  await db.schema
    .createTable('cheat_infos')
    .addColumn('id', 'integer', id)
    .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('submission_id', 'integer', (col) =>
      col.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('submit_participation_id', 'integer', (col) =>
      col.notNull().references('participations.id').onDelete('cascade'),
    )
    .addColumn('owned_participation_id', 'integer', (col) =>
      col.notNull().references('participations.id').onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('cheat_infos_game').on('cheat_infos').columns(['game_id']).execute();

  await db.schema
    .createTable('scoreboard_versions')
    .addColumn('game_id', 'integer', (col) => col.primaryKey().references('games.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('scoreboard_versions').execute();
  await db.schema.dropTable('cheat_infos').execute();
  await db.schema.dropTable('solves').execute();
  await db.schema.dropTable('submissions').execute();
};
