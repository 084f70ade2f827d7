import type { Kysely } from 'kysely';

// Team names compare as user names do (NFKC, any letter case), so that a team can't be impersonated by a name that
// reads the same. Not unique in the database: databases from before may hold such names twice, and keep them.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const teams = db as Kysely<{ teams: { id: number; name: string; normalized_name: string } }>;
  await db.schema
    .alterTable('teams')
    .addColumn('normalized_name', 'varchar(64)', (col) => col.notNull().defaultTo(''))
    .execute();
  const rows = await teams.selectFrom('teams').select(['id', 'name']).execute();
  for (const row of rows) {
    await teams
      .updateTable('teams')
      .set({ normalized_name: row.name.normalize('NFKC').toUpperCase() })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.createIndex('teams_normalized_name').on('teams').column('normalized_name').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('teams_normalized_name').execute();
  await db.schema.alterTable('teams').dropColumn('normalized_name').execute();
};
