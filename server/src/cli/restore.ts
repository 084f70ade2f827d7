// `pennon restore FILE`: a backup back into the configured data directory and SQLite database, with the server
// stopped. The archive is unpacked and checked first, inside the data directory (so the files then move into place
// by rename, even on a volume), and only then does anything there get replaced.
import { copyFile, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { isPostgres, quickCheck, sqliteFile } from '../db/database.ts';
import { databaseName, dataFolder, unpackArchive } from './backup-archive.ts';
import { CliError, type Command } from './command.ts';

const stagingPrefix = '.pennon-restore-';
const dialectName = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

const entriesOf = (dir: string) => readdir(dir).catch(() => [] as string[]);

/** Whether the snapshot is a whole SQLite database, not a file that only has its name. */
const isSoundSqlite = (file: string): boolean => {
  try {
    const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    try {
      return quickCheck(db) === 'ok';
    } finally {
      db.close();
    }
  } catch {
    return false;
  }
};

export const restoreCommand: Command = {
  name: 'restore',
  args: 'FILE [--force]',
  summary: 'put a backup back into the data directory and database (server stopped)',
  help: [
    'Stop the server first. A data directory (or SQLite database) that is not empty is only replaced with',
    '--force. A PostgreSQL backup restores the files; the database comes back with pg_restore from its dump.',
  ],
  options: { force: { type: 'boolean', short: 'f' } },
  positionals: ['FILE'],
  run: async ({ values, positionals: [file = ''], settings }) => {
    const archive = path.resolve(file);
    if (
      !(await stat(archive).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      throw new CliError(`${file} does not exist`);
    const { dataDir, databaseUrl } = settings;
    const dialect = isPostgres(databaseUrl) ? 'postgres' : 'sqlite';
    const databaseFile = dialect === 'sqlite' ? path.resolve(sqliteFile(databaseUrl)) : undefined;
    const occupied = (await entriesOf(dataDir)).length > 0 || (databaseFile && (await exists(databaseFile)));
    if (occupied && !values.force) {
      throw new CliError(
        `${dataDir} is not empty: pass --force to replace what is there (with the server stopped)`,
      );
    }
    await mkdir(dataDir, { recursive: true });
    const staging = await mkdtemp(path.join(dataDir, stagingPrefix));
    try {
      const manifest = await unpackArchive(archive, staging);
      if (manifest.database !== dialect) {
        throw new CliError(
          `${file} is a backup of a ${dialectName[manifest.database]} database, but PENNON_DATABASE_URL names a ${dialectName[dialect]} one`,
        );
      }
      const snapshot = path.join(staging, databaseName);
      if (databaseFile && !isSoundSqlite(snapshot)) {
        throw new CliError(`${file} is not a Pennon backup: its ${databaseName} is missing or damaged`);
      }
      for (const name of await entriesOf(dataDir)) {
        if (!name.startsWith(stagingPrefix))
          await rm(path.join(dataDir, name), { recursive: true, force: true });
      }
      const data = path.join(staging, dataFolder);
      const restored = await entriesOf(data);
      for (const name of restored) await rename(path.join(data, name), path.join(dataDir, name));
      if (databaseFile) {
        for (const suffix of ['-wal', '-shm', '-journal'])
          await rm(`${databaseFile}${suffix}`, { force: true });
        await mkdir(path.dirname(databaseFile), { recursive: true });
        await copyFile(snapshot, databaseFile);
        console.log(`Restored the SQLite database ${databaseFile} and the files of ${dataDir} from ${file}`);
      } else {
        console.log(`Restored the files of ${dataDir} from ${file}`);
        console.log(
          'Restore the PostgreSQL database from its dump with pg_restore (pennon backup printed the command).',
        );
      }
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  },
};
