// The worker thread of wal-checkpointer.ts: copies committed pages from the write-ahead log into the database file.
// Passive checkpoints wait for nobody and block nobody; wal-checkpoint-pace.js says when the next one comes.
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { nextTurnIn } from './wal-checkpoint-pace.js';

const { file, intervalMs, restartPages } = workerData;
const db = new Database(file, { fileMustExist: true });
// As the main connection: the log is synced before its pages are copied, the database file after.
db.pragma('synchronous = NORMAL');

const checkpoint = () => {
  let result;
  try {
    [result] = db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy with another checkpoint (the main connection's fallback): the next round will do.
  }
  setTimeout(checkpoint, nextTurnIn(result, { intervalMs, restartPages }));
};
checkpoint();
