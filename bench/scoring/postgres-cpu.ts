// The CPU time PostgreSQL spends serving one database: its backends', whose process titles name the database
// (`postgres: user database host(port) state`), read from /proc (Linux; undefined elsewhere). With the server and the
// load generator on the same cores, it is the part of a flag's cost the bench's own CPU figure leaves out.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  } catch {
    return 100;
  }
})();

/** The CPU time (µs) of the live backends serving `database`; a backend that ended meanwhile took its share along. */
export const postgresCpuMicros = (database: string): number | undefined => {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let ticks = 0;
  for (const pid of pids) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || title.split(' ')[2] !== database) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command's closing parenthesis: state, …; utime and stime are the 14th and 15th fields.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while being read.
    }
  }
  return (ticks * 1e6) / ticksPerSecond;
};
