// A data folder whose disk fills while the platform runs: /healthz answers Unhealthy, so a load balancer or an
// orchestrator takes the process out before uploads and commits start failing, and Healthy again once there is room.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer, waitUntilServing } from '../support/server.ts';

/** Writes to `file` until the disk refuses (ENOSPC), so nothing of it is left free. */
const fillDisk = (file: string) => {
  const chunk = Buffer.alloc(64 * 1024, 1);
  const fd = openSync(file, 'w');
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
};

const cleanups: (() => Promise<void> | void)[] = [];

describe('a data folder whose disk fills up', { timeout: 150_000 }, () => {
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('turns /healthz Unhealthy while the disk is full, and Healthy once there is room', async (context) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-disk-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir], { stdio: 'ignore' });
    } catch {
      // Mounting a small disk takes root; without it this case is left to a machine that has it.
      context.skip();
    }
    cleanups.push(() => {
      execFileSync('umount', [dir]);
    });
    const child = spawnServer(dir);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    cleanups.push(async () => {
      child.kill('SIGKILL');
      await exited;
    });
    const { url } = await waitUntilServing(child);
    const health = async () => {
      const res = await fetch(`${url}/healthz`);
      return { status: res.status, body: await res.json() };
    };

    expect(await health()).toEqual({ status: 200, body: { status: 'Healthy' } });
    const filler = path.join(dir, 'filler');
    fillDisk(filler);
    // The database still takes its no-op write probe: only the disk's lack of room tells.
    expect(await health()).toEqual({ status: 503, body: { status: 'Unhealthy' } });
    rmSync(filler);
    expect(await health()).toEqual({ status: 200, body: { status: 'Healthy' } });
  });
});
