import { type Kysely, sql } from 'kysely';

// Each first solve names its solver, copied from its submission: the scoreboard shows a solver per solve, and reading
// them through the submissions made every rebuild join the game's largest table (100,000 look-ups on a big board,
// and a scan of every wrong flag on PostgreSQL).
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('solves')
    .addColumn('user_id', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await sql`UPDATE solves SET user_id = (SELECT user_id FROM submissions WHERE submissions.id = solves.submission_id)`.execute(
    db,
  );
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('solves').dropColumn('user_id').execute();
};
