import type { Kysely } from 'kysely';

// Scoreboard freeze (issue #44): from `freeze_at` on, players see the board as it stood then, until an admin reveals
// the final board after the end (`freeze_revealed_at`). Both unset: the game behaves as before.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('games').addColumn('freeze_at', 'bigint').execute();
  await db.schema.alterTable('games').addColumn('freeze_revealed_at', 'bigint').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('games').dropColumn('freeze_revealed_at').execute();
  await db.schema.alterTable('games').dropColumn('freeze_at').execute();
};
