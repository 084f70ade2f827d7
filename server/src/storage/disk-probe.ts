// Whether the data folder takes a write that needs room: a file of DISK_PROBE_BYTES is written, flushed to the disk and
// removed. Uploads and SQLite's journal need room on that disk; a full one answers ENOSPC here before they fail.
import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';

/** Enough to need blocks of its own on any file system, small enough to probe every few seconds. */
export const DISK_PROBE_BYTES = 64 * 1024;

const block = Buffer.alloc(DISK_PROBE_BYTES);

export const probeDisk = async (dataDir: string): Promise<void> => {
  // A name of its own per probe: several probes may run at once, in one process or in several sharing the folder.
  const file = path.join(dataDir, `.pennon-disk-probe-${randomUUID()}`);
  try {
    const handle = await open(file, 'wx');
    try {
      await handle.write(block);
      await handle.datasync();
    } finally {
      await handle.close();
    }
  } finally {
    await rm(file, { force: true });
  }
};
