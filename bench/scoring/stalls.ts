// What held the server's event loop during a phase, beyond how late its timers ran: its garbage collector's pauses,
// and (Linux) the time its thread was ready to run but waited for a CPU, i.e. the machine's other load and the
// process's own other threads (the load generator, SQLite's checkpointer) taking the cores. A loop held 200 ms with
// no collection then and the thread waiting for a CPU is the machine, not the server's code.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { cpuRunNanos, watchCpuWait } from './cpu-wait.mjs';

export interface Stalls {
  /** How late a 10 ms timer ran (ms): the longest the loop was held at a time, whatever held it. */
  loopDelay: { p99: number; max: number };
  /** Collections on the server's thread. */
  gc: { count: number; totalMs: number; maxMs: number };
  /** Share of the phase the server's thread was runnable but not running; undefined off Linux. */
  waitedForCpu: number | undefined;
  /**
   * The server thread's own CPU time (ms; Linux), without the load generator's threads or SQLite's checkpointer:
   * the server's cost, apart from the measuring side's.
   */
  ranMs: number | undefined;
}

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
  const waited = watchCpuWait();
  const ranBefore = cpuRunNanos();
  return {
    stop: () => {
      loop.disable();
      observer.disconnect();
      return {
        loopDelay: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
        gc,
        waitedForCpu: waited(),
        ranMs: ranBefore === undefined ? undefined : ((cpuRunNanos() as number) - ranBefore) / 1e6,
      };
    },
  };
};
