import type { Kysely } from 'kysely';

// Hints released by time (issue #44): `release_announced` marks a hint's release as told (a NewHint notice), so that
// of several processes only the one whose conditional UPDATE changed the row posts it (games/release.ts). Hints
// already out when this runs are marked told: only those still to come are owed a notice.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('challenge_hints')
    .addColumn('release_announced', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  const hints = db as Kysely<{ challenge_hints: { release_time: number | null; release_announced: number } }>;
  await hints
    .updateTable('challenge_hints')
    .set({ release_announced: 1 })
    .where((eb) => eb.or([eb('release_time', 'is', null), eb('release_time', '<=', Date.now())]))
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('challenge_hints').dropColumn('release_announced').execute();
};
