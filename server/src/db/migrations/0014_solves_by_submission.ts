import type { Kysely } from 'kysely';

// A scoreboard rebuild reads a game's solves by submission id: those after the last it read, and the count and sum
// of the others (solve-reader.ts). Ordered by game alone, the index left each of those to read every solve's row.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('solves_game').execute();
  await db.schema.createIndex('solves_game').on('solves').columns(['game_id', 'submission_id']).execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('solves_game').execute();
  await db.schema.createIndex('solves_game').on('solves').columns(['game_id']).execute();
};
