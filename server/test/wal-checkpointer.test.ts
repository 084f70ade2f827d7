// Checkpoints run beside the main thread: what it commits reaches the database file without any commit of its own
// copying it, and closing the database stops the worker and leaves no log behind.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { connect } from '../src/db/database.ts';

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
