// A process's resident memory as the kernel counts it (VmRSS), for tests that bound what an attacker can make a
// server hold.
import { readFileSync, writeFileSync } from 'node:fs';

const MiB = 1024 * 1024;

const statusMiB = (pid: number, field: string): number => {
  const found = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!found?.[1]) throw new Error(`no ${field} for process ${pid}`);
  return (Number(found[1]) * 1024) / MiB;
};

/** The resident set of process `pid`, in MiB. */
export const rssMiB = (pid: number): number => statusMiB(pid, 'VmRSS');

/** The largest resident set of process `pid` since it started or since `resetPeakRss`, in MiB (VmHWM). */
export const peakRssMiB = (pid: number): number => statusMiB(pid, 'VmHWM');

/** Starts the peak of `peakRssMiB` over from the current resident set (5 to clear_refs, as root or the owner). */
export const resetPeakRss = (pid: number): void => writeFileSync(`/proc/${pid}/clear_refs`, '5');

/**
 * The resident set once it is under `limitMiB`, polled (a garbage collection and the allocator handing pages back
 * take a moment after sockets close); after `timeoutMs`, the last reading, for the caller's assertion to report.
 */
export const settledRssMiB = async (pid: number, limitMiB: number, timeoutMs = 15_000): Promise<number> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rss = rssMiB(pid);
    if (rss < limitMiB || Date.now() > deadline) return rss;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
