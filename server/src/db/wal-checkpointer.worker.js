// The worker thread of wal-checkpointer.ts: copies committed pages from the write-ahead log into the database file.
// Passive checkpoints wait for nobody and block nobody. The log starts over from its head only when a write begins
// with every page of it copied; under steady writes a checkpoint that caught up with the log as it was when it began
// is already behind again (commits went on during its copy and sync), so "caught up" alone never let the log restart:
// it grew to the main connection's fallback limit, which then checkpointed inside a commit, on the event loop. So
// while the log is longer than `restartPages` the next checkpoint follows at once, until a write restarts it.
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs, restartPages } = workerData;
const db = new Database(file, { fileMustExist: true });
// As the main connection: the log is synced before its pages are copied, the database file after.
db.pragma('synchronous = NORMAL');

const checkpoint = () => {
  let behind = false;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    behind = result.checkpointed < result.log || result.log > restartPages;
  } catch {
    // Busy with another checkpoint (the main connection's fallback): the next round will do.
  }
  setTimeout(checkpoint, behind ? 1 : intervalMs);
};
checkpoint();
