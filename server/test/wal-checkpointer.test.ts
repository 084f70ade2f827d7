// Checkpoints run beside the main thread: what it commits reaches the database file without any commit of its own
// copying it, the log starts over under steady writes, and closing the database stops the worker and leaves no log
// behind. How long the log grows depends on the turns the worker's thread gets (it reached the limit with every core
// busy), so its pace is tested apart.
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '../src/db/database.ts';
import { nextTurnIn } from '../src/db/wal-checkpoint-pace.js';
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

it('starts the log over again and again under steady writes', async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-wal-'));
  const file = path.join(dir, 'data.db');
  const { db } = connect(`sqlite:${file}`);
  await sql`create table notes (body text)`.execute(db);
  // A commit every millisecond or two, as a busy server's batches come: one and a half times the main connection's
  // own limit in all. Without the worker the log starts over once, after the commit that finds it at that limit
  // has copied it into the database file on the event loop. Each start over writes a new header with the next
  // checkpoint sequence number (bytes 12–15).
  const header = Buffer.alloc(16);
  const sequences = new Set<number>();
  for (let pages = 0; pages < 1.5 * fallbackCheckpointPages; pages += 5) {
    await db.transaction().execute(async (trx) => {
      for (let n = 0; n < 5; n++) await sql`insert into notes values (${'x'.repeat(4000)})`.execute(trx);
    });
    const wal = openSync(`${file}-wal`, 'r');
    readSync(wal, header, 0, 16, 0);
    closeSync(wal);
    sequences.add(header.readUInt32BE(12));
    await new Promise((r) => setTimeout(r, 1));
  }
  await db.destroy();
  // Quiet, a dozen times or more; with every core busy the worker gets fewer turns, and its pace (below) keeps the
  // log from growing to the limit as long as it gets them.
  expect(sequences.size).toBeGreaterThan(3);
}, 60_000);

describe('the pace of its turns', () => {
  const pace = { intervalMs: 100, restartPages: 1000 };

  it('takes the next turn at once while pages are left behind, so that a write can start the log over', () => {
    expect(nextTurnIn({ checkpointed: 900, log: 950 }, pace)).toBe(1);
  });

  it('takes the next turn at once while the log is long, even caught up: writes went on during the copy', () => {
    expect(nextTurnIn({ checkpointed: 4000, log: 4000 }, pace)).toBe(1);
  });

  it('waits an interval once a short log is copied, or when another checkpoint kept it from running', () => {
    expect(nextTurnIn({ checkpointed: 300, log: 300 }, pace)).toBe(100);
    expect(nextTurnIn(undefined, pace)).toBe(100);
  });
});
