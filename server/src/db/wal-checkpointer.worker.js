// The worker thread of wal-checkpointer.ts: copies committed pages from the write-ahead log into the database file.
// Passive checkpoints wait for nobody and block nobody; when one could not copy everything (pages kept coming), the
// next follows at once, so the log is caught up in the first pause between writes and can start over from its head.
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs } = workerData;
const db = new Database(file, { fileMustExist: true });
// As the main connection: the log is synced before its pages are copied, the database file after.
db.pragma('synchronous = NORMAL');

const checkpoint = () => {
  let behind = false;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    behind = result.checkpointed < result.log;
  } catch {
    // Busy with another checkpoint (the main connection's fallback): the next round will do.
  }
  setTimeout(checkpoint, behind ? 1 : intervalMs);
};
checkpoint();
