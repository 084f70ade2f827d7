// The CPU time PostgreSQL spends serving one database: its backends', whose process titles name the database
// (`postgres: user database host(port) state`), read from /proc (Linux; undefined elsewhere). With the server and the
// load generator on the same cores, it is the part of a flag's cost the bench's own CPU figure leaves out.
import { readdirSync, readFileSync } from 'node:fs';
import { processCpuMicros } from './proc-cpu.ts';

/** The CPU time (µs) of the live backends serving `database`, by process id. */
export const postgresBackendsCpu = (database: string): Map<string, number> | undefined => {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const backends = new Map<string, number>();
  for (const pid of pids) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || title.split(' ')[2] !== database) continue;
      backends.set(pid, processCpuMicros(pid) ?? 0);
    } catch {
      // The process ended while being read.
    }
  }
  return backends;
};

/** The CPU time (µs) of the live backends serving `database`; a backend that ended meanwhile took its share along. */
export const postgresCpuMicros = (database: string): number | undefined => {
  const backends = postgresBackendsCpu(database);
  return backends && [...backends.values()].reduce((a, b) => a + b, 0);
};

/**
 * The CPU time (µs) the backends serving `database` spent between two readings: those of the first still there,
 * and those started since; a backend that ended meanwhile (the pool closed it) is left out, not counted negative.
 */
export const postgresCpuBetween = (before: Map<string, number>, after: Map<string, number>): number => {
  let micros = 0;
  for (const [pid, now] of after) micros += now - (before.get(pid) ?? 0);
  return micros;
};
