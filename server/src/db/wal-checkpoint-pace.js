// When the checkpointer's next turn comes (wal-checkpointer.worker.js), apart so that it can be tested without a
// thread. Under steady writes a checkpoint that caught up with the log as it was when it began is already behind
// again (commits went on during its copy and sync), and the log starts over from its head only when a write begins
// with every page of it copied: waiting a whole interval after each such turn, the log never restarted and grew to
// the main connection's fallback limit, which then checkpointed inside a commit, on the event loop. So a turn that
// left pages behind, or a log longer than `restartPages`, is followed at once.

/**
 * @param {{ checkpointed: number, log: number } | undefined} result what `wal_checkpoint(PASSIVE)` answered, if it ran
 * @param {{ intervalMs: number, restartPages: number }} pace
 * @returns {number} the wait before the next turn, in ms
 */
export const nextTurnIn = (result, { intervalMs, restartPages }) =>
  result && (result.checkpointed < result.log || result.log > restartPages) ? 1 : intervalMs;
