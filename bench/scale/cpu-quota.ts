// A server process held to a fixed share of the CPU: a cgroup of its own under cgroup v1's `cpu` controller, whose
// CFS quota lets it run `cores` CPUs' worth of time per period, so that three processes have three times the CPU of
// one however many cores the machine has. Needs root and the v1 hierarchy mounted (Debian's hybrid layout).
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = '/sys/fs/cgroup/cpu';
const periodUs = 100_000;

export interface QuotaGroup {
  /** Moves the process (all its threads) into the group. */
  add(pid: number): void;
  /** The periods so far, those in which the group used up its quota, and the time it waited for the next one. */
  throttling(): { periods: number; throttled: number; throttledMs: number };
  /** Removes the group once its processes have ended (they leave it as they exit). */
  remove(): void;
}

export const quotaAvailable = (): boolean => existsSync(path.join(root, 'cgroup.procs'));

export const quotaGroup = (name: string, cores: number): QuotaGroup => {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(periodUs));
  writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(Math.round(cores * periodUs)));
  return {
    add: (pid) => writeFileSync(path.join(dir, 'cgroup.procs'), String(pid)),
    throttling: () => {
      const stat = Object.fromEntries(
        readFileSync(path.join(dir, 'cpu.stat'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => line.split(' ') as [string, string]),
      );
      return {
        periods: Number(stat.nr_periods),
        throttled: Number(stat.nr_throttled),
        throttledMs: Number(stat.throttled_time) / 1e6,
      };
    },
    remove: () => {
      try {
        rmdirSync(dir);
      } catch {
        // A process still in it (a server that did not stop): the group stays, empty once it ends.
      }
    },
  };
};
