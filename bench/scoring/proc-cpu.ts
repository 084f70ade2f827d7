// A process's CPU time, all its threads, from /proc (Linux; undefined elsewhere or once it has ended): the figure
// the benches divide by the flags judged, steadier on a shared machine than any rate.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  } catch {
    return 100;
  }
})();

/** User and system CPU time (µs) of process `pid` so far. */
export const processCpuMicros = (pid: number | string): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's closing parenthesis: state, …; utime and stime are the 14th and 15th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
  } catch {
    return undefined;
  }
};

/** How often process `pid`'s main thread gave up its CPU to wait (for a socket, a timer): its wake-ups so far. */
export const processWakeups = (pid: number | string): number | undefined => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1]);
  } catch {
    return undefined;
  }
};
