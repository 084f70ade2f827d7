// PENNON_SQLITE_SYNCHRONOUS: SQLite syncs at checkpoints by default (NORMAL: a power cut or an OS crash may lose the
// last commits), or every commit when `full` is asked for; anything else stops the start with a clear message.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from '../src/settings.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { databaseKinds } from './support/databases.ts';

const sqlite = databaseKinds().find((kind) => kind.name === 'sqlite');
if (!sqlite) throw new Error('SQLite is always tested');

/** SQLite's `PRAGMA synchronous` on the server's connection: 1 is NORMAL, 2 is FULL. */
const synchronousOf = async (t: TestApp) =>
  Number(Object.values((await sql`pragma synchronous`.execute(t.connection.db)).rows[0] as object)[0]);

describe('SQLite durability', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('syncs at checkpoints by default', async () => {
    t = await startTestApp(sqlite);
    expect(await synchronousOf(t)).toBe(1);
  });

  it('syncs every commit with PENNON_SQLITE_SYNCHRONOUS=full', async () => {
    t = await startTestApp(sqlite, { PENNON_SQLITE_SYNCHRONOUS: 'FULL' });
    expect(await synchronousOf(t)).toBe(2);
    // and the server works as before
    expect((await t.app.inject({ url: '/api/config' })).statusCode).toBe(200);
  });

  it('refuses any other value, saying which are allowed', () => {
    expect(() => readSettings({ PENNON_SQLITE_SYNCHRONOUS: 'off' })).toThrow(SettingsError);
    expect(() => readSettings({ PENNON_SQLITE_SYNCHRONOUS: 'off' })).toThrow(
      'PENNON_SQLITE_SYNCHRONOUS must be "normal" or "full", got "off"',
    );
  });
});
