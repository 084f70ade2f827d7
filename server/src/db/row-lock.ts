// Holds a row for the rest of a transaction, so that a count and the write it allows make one decision however many
// requests (or processes) decide at once: PostgreSQL locks the row (`SELECT … FOR UPDATE`), which the others then
// wait for; a SQLite transaction already has the only connection to itself.
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Tables whose rows are held this way, by their integer id. */
type Held = 'participations';

export const holdRow = async (trx: Transaction<Database>, table: Held, id: number): Promise<void> => {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(trx);
};
