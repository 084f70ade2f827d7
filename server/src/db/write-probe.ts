// Whether the database takes writes, without writing: an update that matches no row still needs SQLite's write lock
// and a read-write transaction on PostgreSQL, so it fails where the database can be read but not written (a
// read-only file, disk or replica, `query_only`, `default_transaction_read_only`). No row is locked or changed, so
// any number of processes may probe at once.
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

export const probeWrite = async (db: Kysely<Database>): Promise<void> => {
  await sql`update config set value = value where 1 = 0`.execute(db);
};
