// A server that cannot start on its database or port says why in one line, exits non-zero, and leaves the database as
// it found it: no admin account seeded into a database that an operator then repairs.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, migrate } from '../../server/src/db/database.ts';
import { spawnServer, waitUntilServing } from '../support/server.ts';

interface Exit {
  code: number | null;
  /** What it printed, stdout and stderr, trimmed. */
  output: string;
}

/** Runs the server and waits for it to exit; a server that starts instead fails the test. */
const failedStart = (
  dataDir: string,
  env: Record<string, string> = {},
  options: { uid?: number; gid?: number } = {},
): Promise<Exit> =>
  new Promise((resolve, reject) => {
    const child = spawnServer(dataDir, env, options);
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not exit:\n${output}`));
    }, 100_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/serving at/.test(output)) {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new Error(`the server started:\n${output}`));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim() });
    });
  });

/** One line, and no stack trace. */
const oneLine = (exit: Exit, reason: RegExp) => {
  expect(exit.code, exit.output).toBe(1);
  expect(exit.output.split('\n')).toHaveLength(1);
  expect(exit.output).toMatch(/^Pennon cannot start: /);
  expect(exit.output).toMatch(reason);
};

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** How many users the SQLite database holds (none when it has no users table yet). */
const usersIn = (file: string): number => {
  const sqlite = new SqliteDatabase(file, { readonly: true });
  try {
    const table = sqlite.prepare("select 1 from sqlite_master where name = 'users'").get();
    return table ? (sqlite.prepare('select count(*) as n from users').get() as { n: number }).n : 0;
  } finally {
    sqlite.close();
  }
};

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-start-'));
  dirs.push(dir);
  return dir;
};

/** A database as an earlier start left it, before its first admin: migrated, closed cleanly. */
const migratedDatabase = async (dir: string): Promise<string> => {
  const file = path.join(dir, 'pennon.db');
  const { db } = connect(`sqlite:${file}`);
  await migrate(db);
  await db.destroy();
  return file;
};

/** As root every file is writable: the server then runs as `nobody`, whom file modes do bind. */
const unprivileged = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

// Each case starts the server's process (tens of seconds of TypeScript loading on a busy machine).
describe('a start that fails', { timeout: 150_000 }, () => {
  afterEach(() => {
    for (const dir of dirs.splice(0)) {
      chmodSync(dir, 0o755);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on a read-only database says so, and seeds no admin into it', async () => {
    const dir = dataDir();
    const file = await migratedDatabase(dir);
    const before = digest(file);
    chmodSync(file, 0o444);
    chmodSync(dir, 0o555);
    oneLine(await failedStart(dir, {}, unprivileged), /pennon\.db is read-only/);
    expect(digest(file)).toBe(before);
    expect(usersIn(file)).toBe(0);
  });

  it('on a full disk says so, and seeds nothing', async (context) => {
    const dir = dataDir();
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96k', 'tmpfs', dir], { stdio: 'ignore' });
    } catch {
      // Mounting a small disk takes root; without it this case is left to a machine that has it.
      context.skip();
    }
    try {
      oneLine(await failedStart(dir), /the disk of SQLite .*pennon\.db is full/);
      expect(usersIn(path.join(dir, 'pennon.db'))).toBe(0);
    } finally {
      execFileSync('umount', [dir]);
    }
  });

  it('on a file that is not a database says so, and leaves the file as it was', async () => {
    const dir = dataDir();
    const file = path.join(dir, 'pennon.db');
    writeFileSync(file, randomBytes(64 * 1024));
    const before = digest(file);
    oneLine(await failedStart(dir), /pennon\.db is not a SQLite database, or is corrupt/);
    expect(digest(file)).toBe(before);
  });

  it('on a database damaged in the middle says so, and starts with PENNON_SQLITE_QUICK_CHECK=off', async () => {
    const dir = dataDir();
    const file = await migratedDatabase(dir);
    // A page nothing reads at start (the posts table's), overwritten as a torn write or a bad sector leaves it.
    const sqlite = new SqliteDatabase(file, { readonly: true });
    const { rootpage } = sqlite.prepare("select rootpage from sqlite_master where name = 'posts'").get() as {
      rootpage: number;
    };
    const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
    sqlite.close();
    expect(rootpage).toBeGreaterThan(1);
    const bytes = readFileSync(file);
    bytes.fill(0xa5, (rootpage - 1) * pageSize, rootpage * pageSize);
    writeFileSync(file, bytes);
    oneLine(await failedStart(dir), /pennon\.db is not a SQLite database, or is corrupt/);
    expect(usersIn(file)).toBe(0);
    const skipped = spawnServer(dir, { PENNON_SQLITE_QUICK_CHECK: 'off' });
    try {
      await waitUntilServing(skipped);
    } finally {
      skipped.kill('SIGKILL');
    }
  });

  it('on a database another process holds locked says so, and seeds no admin once it is free', async () => {
    const dir = dataDir();
    const file = await migratedDatabase(dir);
    const holder = new SqliteDatabase(file);
    holder.exec('begin exclusive');
    try {
      oneLine(await failedStart(dir), /pennon\.db is locked by another process/);
    } finally {
      holder.exec('rollback');
      holder.close();
    }
    expect(usersIn(file)).toBe(0);
  });

  it('on a port in use says so, before seeding an admin', async () => {
    const dir = dataDir();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      oneLine(
        await failedStart(dir, { PORT: String(port) }),
        new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`),
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    expect(usersIn(path.join(dir, 'pennon.db'))).toBe(0);
  });

  it.skipIf(!process.env.PENNON_TEST_POSTGRES_URL)(
    'on a read-only PostgreSQL database says so, and creates nothing in it',
    async () => {
      const adminUrl = process.env.PENNON_TEST_POSTGRES_URL as string;
      const name = `pennon_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
        await admin.query(`alter database ${name} set default_transaction_read_only = on`);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        oneLine(
          await failedStart(dataDir(), { PENNON_DATABASE_URL: url.toString() }),
          new RegExp(`PostgreSQL .*/${name} is read-only`),
        );
        const inside = new pg.Client({ connectionString: url.toString() });
        await inside.connect();
        const tables = await inside.query(
          "select 1 from information_schema.tables where table_schema = 'public'",
        );
        await inside.end();
        expect(tables.rowCount).toBe(0);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
