// How long the calling thread has been runnable but waiting for a CPU, and how long it ran on one, in nanoseconds
// (Linux: the first two fields of its schedstat); undefined elsewhere. Shared by the bench (the server's thread) and
// its load workers (their own).
import { readFileSync } from 'node:fs';

const schedstat = () => {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return { run: Number(run), wait: Number(wait) };
  } catch {
    return undefined;
  }
};

export const cpuWaitNanos = () => schedstat()?.wait;

export const cpuRunNanos = () => schedstat()?.run;

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
