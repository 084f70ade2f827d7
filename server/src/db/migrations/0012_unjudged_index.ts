import { type Kysely, sql } from 'kysely';

// Only submissions still waiting for a verdict are ever looked up by status (the judge's resume at start). Indexing
// just those keeps the index a few entries long: a verdict drops its entry instead of moving it in an index as large
// as the table, which every judged flag paid for.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('submissions_status').execute();
  await db.schema
    .createIndex('submissions_unjudged')
    .on('submissions')
    .column('id')
    .where(sql.ref('status'), '=', sql.lit('FlagSubmitted'))
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('submissions_unjudged').execute();
  await db.schema.createIndex('submissions_status').on('submissions').columns(['status']).execute();
};
