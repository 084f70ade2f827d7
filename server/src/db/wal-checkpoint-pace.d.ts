/** The wait in ms before the checkpointer's next turn, after one that answered `result` (wal-checkpoint-pace.js). */
export declare const nextTurnIn: (
  result: { checkpointed: number; log: number } | undefined,
  pace: { intervalMs: number; restartPages: number },
) => number;
