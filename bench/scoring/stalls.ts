// What held the server's event loop during a phase, beyond how late its timers ran: its garbage collector's pauses,
// and (Linux) the time its thread was ready to run but waited for a CPU, i.e. the machine's other load and the
// process's own other threads (the load generator, SQLite's checkpointer) taking the cores. A loop held 200 ms with
// no collection then and the thread waiting for a CPU is the machine, not the server's code.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

export interface Stalls {
  /** How late a 10 ms timer ran (ms): the longest the loop was held at a time, whatever held it. */
  loopDelay: { p99: number; max: number };
  /** Collections on the server's thread. */
  gc: { count: number; totalMs: number; maxMs: number };
  /** Share of the phase the server's thread was runnable but not running; undefined off Linux. */
  waitedForCpu: number | undefined;
}

/** Nanoseconds the calling process's main thread has waited on a run queue (the second field of schedstat). */
const runQueueNanos = (): number | undefined => {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[1]);
  } catch {
    return undefined;
  }
};

/** Starts watching the calling thread (the server's, in the bench); `stop` answers what was seen. */
export const watchStalls = (): { stop(): Stalls } => {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const gc = { count: 0, totalMs: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const started = performance.now();
  const waitedBefore = runQueueNanos();
  return {
    stop: () => {
      loop.disable();
      observer.disconnect();
      const waited = runQueueNanos();
      const elapsedNanos = (performance.now() - started) * 1e6;
      return {
        loopDelay: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
        gc,
        waitedForCpu:
          waited === undefined || waitedBefore === undefined
            ? undefined
            : (waited - waitedBefore) / elapsedNanos,
      };
    },
  };
};
