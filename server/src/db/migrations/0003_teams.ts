import { type Kysely, PostgresAdapter } from 'kysely';

// Team ids are integers on the wire. SQLite's AUTOINCREMENT never reuses the id of a deleted team; PostgreSQL
// has no such keyword, and an identity column gives the same guarantee there.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('teams')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'varchar(20)', (col) => col.notNull())
    .addColumn('bio', 'varchar(72)')
    .addColumn('avatar_hash', 'varchar(64)')
    .addColumn('locked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('invite_token', 'varchar(32)', (col) => col.notNull())
    // No cascade: a captain must hand the team over, or have it deleted, before the account can go.
    .addColumn('captain_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .execute();
  await db.schema.createIndex('teams_captain_id').on('teams').column('captain_id').execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_members_user_id').on('team_members').column('user_id').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('team_members').execute();
  await db.schema.dropTable('teams').execute();
};
