// How long the calling thread has been runnable but waiting for a CPU, in nanoseconds (Linux: the second field of
// its schedstat); undefined elsewhere. Shared by the bench (the server's thread) and its load workers (their own).
import { readFileSync } from 'node:fs';

export const cpuWaitNanos = () => {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
  } catch {
    return undefined;
  }
};

/** Starts counting; the function answers the share of the time since that the thread waited for a CPU. */
export const watchCpuWait = () => {
  const before = cpuWaitNanos();
  const started = process.hrtime.bigint();
  return () => {
    const after = cpuWaitNanos();
    if (before === undefined || after === undefined) return undefined;
    return (after - before) / Number(process.hrtime.bigint() - started);
  };
};
