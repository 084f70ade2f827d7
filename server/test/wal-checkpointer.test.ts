// Checkpoints run beside the main thread: what it commits reaches the database file without any commit of its own
// copying it, the log starts over under steady writes, and closing the database stops the worker and leaves no log
// behind.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { connect } from '../src/db/database.ts';
import { fallbackCheckpointPages } from '../src/db/wal-checkpointer.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('copies committed pages into the database file on its own thread, and stops with the database', async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-wal-'));
  const file = path.join(dir, 'data.db');
  const { db } = connect(`sqlite:${file}`);
  await sql`create table notes (body text)`.execute(db);
  // About 2,000 pages: well under the main connection's own checkpoint limit, so it copies none of them.
  for (let batch = 0; batch < 20; batch++) {
    await db.transaction().execute(async (trx) => {
      for (let n = 0; n < 100; n++) await sql`insert into notes values (${'x'.repeat(4000)})`.execute(trx);
    });
  }
  const deadline = Date.now() + 10_000;
  while (statSync(file).size < 2000 * 4096 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  expect(statSync(file).size).toBeGreaterThanOrEqual(2000 * 4096);

  await db.destroy();
  // The last connection to close removes the log: the worker's had closed before.
  expect(existsSync(`${file}-wal`)).toBe(false);
});

it('starts the log over under steady writes, so no commit on the main thread has to checkpoint it', async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-wal-'));
  const file = path.join(dir, 'data.db');
  const { db } = connect(`sqlite:${file}`);
  await sql`create table notes (body text)`.execute(db);
  // A commit every millisecond or two, as a busy server's batches come: one and a half times the main connection's
  // own limit in all. A log that never starts over reaches that limit, and the commit that finds it there copies
  // the log into the database file and syncs it, holding the event loop meanwhile.
  let longest = 0;
  for (let pages = 0; pages < 1.5 * fallbackCheckpointPages; pages += 5) {
    await db.transaction().execute(async (trx) => {
      for (let n = 0; n < 5; n++) await sql`insert into notes values (${'x'.repeat(4000)})`.execute(trx);
    });
    longest = Math.max(longest, statSync(`${file}-wal`).size);
    await new Promise((r) => setTimeout(r, 1));
  }
  await db.destroy();
  // Started over again and again, it never reaches the limit (it grew to the limit, 41 MB, before). Quiet, it stays
  // under half of it; with every core busy the checkpointer's thread waits longer between turns (34 MB seen).
  expect(longest).toBeLessThan(fallbackCheckpointPages * 4096);
}, 60_000);
