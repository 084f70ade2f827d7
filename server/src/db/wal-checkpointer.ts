// SQLite copies its write-ahead log back into the database file ("checkpoints") in whichever commit finds the log
// over its limit. On the main thread that was a 5–16 ms stall of the event loop every few dozen commits under load:
// a tenth of the busy time judging flags, and most of the slowest requests. A worker thread with its own connection
// checkpoints instead, on the other core, while the main thread goes on writing.
import { Worker } from 'node:worker_threads';

/** How often the worker looks for pages to copy. */
const intervalMs = 100;

/** A longer log is checkpointed without pause until a write starts it over (see the worker). */
const restartPages = 1_000;

/**
 * The main connection still checkpoints, should the log reach this many pages (about 40 MB): only if the worker
 * stopped or cannot keep up.
 */
export const fallbackCheckpointPages = 10_000;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

export const startWalCheckpointer = (file: string): WalCheckpointer => {
  const worker = new Worker(new URL('./wal-checkpointer.worker.js', import.meta.url), {
    workerData: { file, intervalMs, restartPages },
  });
  // Never what keeps the process alive; a worker that fails leaves checkpoints to the main connection's fallback.
  worker.unref();
  worker.on('error', () => {});
  return {
    stop: async () => {
      await worker.terminate();
    },
  };
};
