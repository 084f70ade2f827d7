// One query layer for both engines: SQLite (embedded default) and PostgreSQL (a postgres:// URL).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { statementName } from './prepared.ts';
import type { Database } from './schema.ts';
import { ArrivalOrderSqliteDialect } from './sqlite-dialect.ts';
import { fallbackCheckpointPages, startWalCheckpointer } from './wal-checkpointer.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Connection {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, without credentials: for logs. */
  describe: string;
  /** PostgreSQL's connection pool, for its statistics. */
  pool?: pg.Pool;
}

export const isPostgres = (url: string) => /^postgres(ql)?:\/\//i.test(url);

/** The file of a `sqlite:` URL. */
export const sqliteFile = (url: string) => url.replace(/^sqlite:/, '');

/** A SQLite database in this process's memory: no other connection, or thread, can open it. */
export const inMemory = (databaseUrl: string): boolean => sqliteFile(databaseUrl) === ':memory:';

// pg hands int8 (bigint) back as a string; our bigints are Unix-ms timestamps, well inside a double's exact range.
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? Number
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Runs the hot paths' queries (prepared.ts) as named statements on each connection of the pool: PostgreSQL then
 * parses and plans each once per connection instead of on every run, where planning the submit path's seven-table
 * join took longer than running it. Every other query stays unnamed, so the statements kept per connection are few.
 */
const nameStatements = (pool: pg.Pool): void => {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' ? statementName(text) : undefined;
      return name ? query({ name, text, values }, ...rest) : query(text, values, ...rest);
    }) as typeof client.query;
  });
};

/** Distinct SQL texts kept prepared; queries with IN lists of varying length would otherwise grow it forever. */
const statementCacheSize = 500;

// Kysely prepares every query it runs; preparing costs more than running most of ours, so the same SQL text reuses
// its statement. Safe because the driver runs each statement to completion synchronously.
const cachePreparedStatements = (sqlite: SqliteDatabase.Database): void => {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SqliteDatabase.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      if (cache.size >= statementCacheSize) cache.clear();
      statement = prepare(source);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
};

export interface ConnectOptions {
  /**
   * A second connection of the same process that only reads (a worker thread's): a small pool, and SQLite's log is
   * left to the main connection's checkpointer.
   */
  reader?: boolean;
  /** SQLite's `synchronous` (PENNON_SQLITE_SYNCHRONOUS): `normal` unless `full` is asked for. */
  synchronous?: SqliteSynchronous;
  /** Refuse a SQLite database whose `PRAGMA quick_check` finds damage (PENNON_SQLITE_QUICK_CHECK). */
  quickCheck?: boolean;
}

/** SQLite's check of every page and index of the file: 'ok', else what is damaged. It reads the whole file. */
export const quickCheck = (sqlite: SqliteDatabase.Database): string =>
  String(sqlite.pragma('quick_check', { simple: true }));

/** A database damaged past its header (a torn write, a bad disk) would otherwise serve until a query reaches it. */
const requireSound = (sqlite: SqliteDatabase.Database): void => {
  const verdict = quickCheck(sqlite);
  if (verdict === 'ok') return;
  sqlite.close();
  throw Object.assign(new Error(`PRAGMA quick_check found damage: ${verdict}`), { code: 'SQLITE_CORRUPT' });
};

export type SqliteSynchronous = 'normal' | 'full';

/** Where the data lives, without credentials: for logs. */
export const describeDatabase = (databaseUrl: string): string => {
  if (!isPostgres(databaseUrl)) return `SQLite ${sqliteFile(databaseUrl)}`;
  const safe = new URL(databaseUrl);
  return `PostgreSQL ${safe.host}${safe.pathname}`;
};

export const connect = (
  databaseUrl: string,
  { reader = false, synchronous = 'normal', quickCheck: check = false }: ConnectOptions = {},
): Connection => {
  if (isPostgres(databaseUrl)) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: reader ? 2 : 10, types: pgTypes });
    nameStatements(pool);
    // An idle connection that PostgreSQL ends (a restart, an administrator, a dropped database) is discarded by the
    // pool, which opens another when one is needed; unheard, the pool's 'error' would stop the whole process.
    pool.on('error', () => {});
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      describe: describeDatabase(databaseUrl),
      pool,
    };
  }
  const file = sqliteFile(databaseUrl);
  const memory = inMemory(databaseUrl);
  if (!memory) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  if (check && !memory) requireSound(sqlite);
  // WAL lets readers go on while a write commits; a busy timeout rides out short write locks.
  sqlite.pragma('journal_mode = WAL');
  // In WAL mode NORMAL syncs at checkpoints, not on every commit: a crash of the process loses nothing, a power
  // cut or an OS crash at worst the last commits. Syncing each commit (FULL, on request) makes every write wait for
  // the disk.
  sqlite.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Temporary files in memory: a multi-statement transaction (a batch of flags stored, or judged) keeps each
  // statement's undo pages in a statement journal, which past 64 KB went to a temp file created, written 4 KB at a
  // time and deleted on the main thread, every batch: 15–22 % of the write calls and 30 % of the bytes written per flag.
  sqlite.pragma('temp_store = MEMORY');
  cachePreparedStatements(sqlite);
  // Checkpoints run on a worker thread (wal-checkpointer.ts); an in-memory database has no log to copy.
  const checkpointer = memory || reader ? undefined : startWalCheckpointer(file);
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${fallbackCheckpointPages}`);
  return {
    db: new Kysely<Database>({
      dialect: new ArrivalOrderSqliteDialect({
        database: sqlite,
        onDestroy: async () => checkpointer?.stop(),
      }),
    }),
    dialect: 'sqlite',
    describe: describeDatabase(databaseUrl),
  };
};

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Our migrations, with their record in tables of our own. */
export const migratorOf = (db: Kysely<Database>): Migrator =>
  new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'pennon_migration',
    migrationLockTableName: 'pennon_migration_lock',
  });

export const migrate = async (db: Kysely<Database>): Promise<MigrationResultSet> => {
  const result = await migratorOf(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
};
