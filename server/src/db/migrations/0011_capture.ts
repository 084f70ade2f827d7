import type { Kysely } from 'kysely';

// Game containers (§4.10, §4.16): the per-instance cooldown of container operations, the challenge an admin test
// container belongs to, and whether a container's proxied traffic is recorded.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('game_instances').addColumn('last_container_operation', 'bigint').execute();
  await db.schema.alterTable('containers').addColumn('challenge_id', 'integer').execute();
  await db.schema
    .alterTable('containers')
    .addColumn('traffic_capture', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('containers_challenge_id').on('containers').column('challenge_id').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('containers_challenge_id').execute();
  await db.schema.alterTable('containers').dropColumn('traffic_capture').execute();
  await db.schema.alterTable('containers').dropColumn('challenge_id').execute();
  await db.schema.alterTable('game_instances').dropColumn('last_container_operation').execute();
};
