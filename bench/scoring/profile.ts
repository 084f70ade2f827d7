// PENNON_BENCH_PROFILE=dir: a CPU profile of this thread (the server's) over one load phase, written to
// dir/<name>.cpuprofile for the Chrome DevTools or any .cpuprofile reader.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

export const profiled = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
  const dir = process.env.PENNON_BENCH_PROFILE;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const result = await run();
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(path.join(dir, `${name.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
  session.disconnect();
  return result;
};
