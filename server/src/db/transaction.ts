// Runs work in a transaction: the caller's own when it is already in one, else a new one.
import type { Kysely, Transaction } from 'kysely';

export const inTransaction = <DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> => (db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work));
