import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Games and everything played in them (§2.5, §4.4–§4.8). Integer ids as in 0003_teams: AUTOINCREMENT on SQLite,
// an identity column on PostgreSQL, so a deleted row's id is never handed out again.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('games')
    .addColumn('id', 'integer', id)
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('hidden', 'integer', (col) => col.notNull())
    .addColumn('practice_mode', 'integer', (col) => col.notNull())
    .addColumn('accept_without_review', 'integer', (col) => col.notNull())
    .addColumn('invite_code', 'varchar(32)')
    .addColumn('start_time', 'bigint', (col) => col.notNull())
    .addColumn('end_time', 'bigint', (col) => col.notNull())
    .addColumn('team_member_count_limit', 'integer', (col) => col.notNull())
    .addColumn('container_count_limit', 'integer', (col) => col.notNull())
    .addColumn('poster_hash', 'varchar(64)')
    .addColumn('public_key', 'text', (col) => col.notNull())
    // Sealed with a platform secret (game-keys.ts); never part of an answer.
    .addColumn('private_key', 'text', (col) => col.notNull())
    .addColumn('writeup_required', 'integer', (col) => col.notNull())
    .addColumn('writeup_deadline', 'bigint', (col) => col.notNull())
    .addColumn('writeup_note', 'text', (col) => col.notNull())
    .addColumn('blood_bonus', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('games_start_time').on('games').column('start_time').execute();

  // A Local file (a reference held in `files`) or a Remote URL, owned by one challenge or one flag.
  await db.schema
    .createTable('attachments')
    .addColumn('id', 'integer', id)
    .addColumn('type', 'varchar(8)', (col) => col.notNull())
    .addColumn('file_hash', 'varchar(64)')
    .addColumn('remote_url', 'text')
    .execute();

  await db.schema
    .createTable('challenges')
    .addColumn('id', 'integer', id)
    .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('category', 'varchar(16)', (col) => col.notNull())
    .addColumn('type', 'varchar(24)', (col) => col.notNull())
    .addColumn('hints', 'text', (col) => col.notNull())
    .addColumn('flag_template', 'varchar(120)')
    .addColumn('is_enabled', 'integer', (col) => col.notNull())
    .addColumn('file_name', 'text')
    .addColumn('attachment_id', 'integer', (col) => col.references('attachments.id').onDelete('set null'))
    .addColumn('container_image', 'text', (col) => col.notNull())
    .addColumn('memory_limit', 'integer')
    .addColumn('cpu_count', 'integer')
    .addColumn('storage_limit', 'integer')
    .addColumn('expose_port', 'integer')
    .addColumn('network_mode', 'varchar(16)')
    .addColumn('enable_traffic_capture', 'integer')
    .addColumn('disable_blood_bonus', 'integer')
    .addColumn('deadline_utc', 'bigint')
    .addColumn('submission_limit', 'integer', (col) => col.notNull())
    .addColumn('original_score', 'integer', (col) => col.notNull())
    .addColumn('min_score_rate', 'double precision', (col) => col.notNull())
    .addColumn('difficulty', 'double precision', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('challenges_game_id').on('challenges').column('game_id').execute();

  await db.schema
    .createTable('flags')
    .addColumn('id', 'integer', id)
    .addColumn('challenge_id', 'integer', (col) =>
      col.notNull().references('challenges.id').onDelete('cascade'),
    )
    .addColumn('flag', 'varchar(127)', (col) => col.notNull())
    .addColumn('attachment_id', 'integer', (col) => col.references('attachments.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('flags_challenge_id').on('flags').column('challenge_id').execute();

  await db.schema
    .createTable('divisions')
    .addColumn('id', 'integer', id)
    .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('name', 'varchar(31)', (col) => col.notNull())
    .addColumn('invite_code', 'varchar(32)')
    .addColumn('default_permissions', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('divisions_game_id').on('divisions').column('game_id').execute();

  // An override replaces the division default for one challenge (§4.4).
  await db.schema
    .createTable('division_challenges')
    .addColumn('division_id', 'integer', (col) =>
      col.notNull().references('divisions.id').onDelete('cascade'),
    )
    .addColumn('challenge_id', 'integer', (col) =>
      col.notNull().references('challenges.id').onDelete('cascade'),
    )
    .addColumn('permissions', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('division_challenges_pk', ['division_id', 'challenge_id'])
    .execute();

  await db.schema
    .createTable('participations')
    .addColumn('id', 'integer', id)
    .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('division_id', 'integer', (col) => col.references('divisions.id').onDelete('set null'))
    .addColumn('token', 'text', (col) => col.notNull())
    .addUniqueConstraint('participations_game_team', ['game_id', 'team_id'])
    .execute();
  await db.schema.createIndex('participations_team_id').on('participations').column('team_id').execute();

  // A user plays a game through one team only: unique (game, user).
  await db.schema
    .createTable('participation_members')
    .addColumn('participation_id', 'integer', (col) =>
      col.notNull().references('participations.id').onDelete('cascade'),
    )
    .addColumn('game_id', 'integer', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('participation_members_pk', ['participation_id', 'user_id'])
    .addUniqueConstraint('participation_members_game_user', ['game_id', 'user_id'])
    .execute();

  // A team's copy of a challenge. `flag_id` is the flag handed out for DynamicAttachment (unique: never twice),
  // `flag` the one generated for DynamicContainer; both stay empty until the team first opens the challenge.
  await db.schema
    .createTable('game_instances')
    .addColumn('id', 'integer', id)
    .addColumn('participation_id', 'integer', (col) =>
      col.notNull().references('participations.id').onDelete('cascade'),
    )
    .addColumn('challenge_id', 'integer', (col) =>
      col.notNull().references('challenges.id').onDelete('cascade'),
    )
    .addColumn('flag_id', 'integer', (col) => col.references('flags.id').onDelete('set null'))
    .addColumn('flag', 'varchar(127)')
    .addUniqueConstraint('game_instances_participation_challenge', ['participation_id', 'challenge_id'])
    .execute();
  await db.schema
    .createIndex('game_instances_challenge_id')
    .on('game_instances')
    .column('challenge_id')
    .execute();
  await db.schema
    .createIndex('game_instances_flag_id')
    .on('game_instances')
    .column('flag_id')
    .unique()
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of [
    'game_instances',
    'participation_members',
    'participations',
    'division_challenges',
    'divisions',
    'flags',
    'challenges',
    'attachments',
    'games',
  ]) {
    await db.schema.dropTable(table).execute();
  }
};
