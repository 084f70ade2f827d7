// Profiles of this thread (the server's) over one load phase, for the Chrome DevTools or any reader of their format:
//  - PENNON_BENCH_PROFILE=dir: where its CPU time went, dir/<name>.cpuprofile;
//  - PENNON_BENCH_HEAP_PROFILE=dir: what it allocated that outlived the young generation, dir/<name>.heapprofile.
//    Those objects are what fills the old heap and brings on its full collections, the long pauses: sampled as they
//    are allocated, counted even when a full collection has since freed them, and not counted when a minor one did.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

const write = (dir: string, name: string, extension: string, profile: object) =>
  writeFileSync(path.join(dir, `${name.replace(/\W+/g, '-')}.${extension}`), JSON.stringify(profile));

export const profiled = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
  const cpuDir = process.env.PENNON_BENCH_PROFILE;
  const heapDir = process.env.PENNON_BENCH_HEAP_PROFILE;
  if (!cpuDir && !heapDir) return run();
  const session = new Session();
  session.connect();
  if (cpuDir) {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  if (heapDir) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: false,
    });
  }
  const result = await run();
  if (cpuDir) write(cpuDir, name, 'cpuprofile', (await session.post('Profiler.stop')).profile);
  if (heapDir) write(heapDir, name, 'heapprofile', (await session.post('HeapProfiler.stopSampling')).profile);
  session.disconnect();
  return result;
};
