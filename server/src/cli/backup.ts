// `pennon backup`: an online copy of the platform while it runs. SQLite: a snapshot of the database (VACUUM INTO
// reads it in one transaction, so it is consistent however many flags are being written meanwhile) and then the
// data directory's files; in that order, because blobs are written before the rows that name them, so every file
// the snapshot names is already on disk. PostgreSQL: the files, and the pg_dump command that copies the database.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { isPostgres, sqliteFile } from '../db/database.ts';
import { utcStamp } from '../games/writeups.ts';
import type { TarEntry } from '../storage/tar.ts';
import { databaseEntry, dataEntries, manifestEntry, writeArchive } from './backup-archive.ts';
import { CliError, type Command } from './command.ts';
import { hasPassword, pgDumpCommand, pgRestoreCommand } from './pg-dump.ts';

/** The database as one file at `snapshot`, taken from `file` while others may be writing to it. */
const snapshotSqlite = (file: string, snapshot: string): void => {
  const db = new SqliteDatabase(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(snapshot);
  } finally {
    db.close();
  }
};

const isDirectory = (dir: string) =>
  stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );

export const backupCommand: Command = {
  name: 'backup',
  args: '[--out FILE]',
  summary: 'archive the database and the data directory while the server runs',
  help: [
    'Writes one .tar.gz (by default pennon-backup-<time>.tar.gz in the current directory) with a consistent copy',
    'of the SQLite database and the data directory’s files (uploads, captures). With PostgreSQL it archives the',
    'files and prints the pg_dump command that copies the database; keep the dump with the archive.',
  ],
  options: { out: { type: 'string', short: 'o' } },
  positionals: [],
  run: async ({ values, settings }) => {
    const now = Date.now();
    const stamp = utcStamp(now).replaceAll('.', '');
    const out = path.resolve(typeof values.out === 'string' ? values.out : `pennon-backup-${stamp}.tar.gz`);
    const { dataDir, databaseUrl } = settings;
    if (!(await isDirectory(dataDir))) throw new CliError(`The data directory ${dataDir} does not exist`);
    if (isPostgres(databaseUrl)) {
      const dumpFile = `pennon-${stamp}.dump`;
      await writeArchive(out, archive([manifestEntry('postgres', now)], dataDir, out));
      console.log(`Archived the files of ${dataDir} to ${out}`);
      console.log('The database is PostgreSQL: copy it with pg_dump and keep the dump with this archive:');
      console.log(`  ${pgDumpCommand(databaseUrl, dumpFile)}`);
      if (hasPassword(databaseUrl))
        console.log('  (the password is left out: give it in PGPASSWORD or ~/.pgpass)');
      console.log('and restore it with:');
      console.log(`  ${pgRestoreCommand(databaseUrl, dumpFile)}`);
      return;
    }
    const file = path.resolve(sqliteFile(databaseUrl));
    if (!(await stat(file).catch(() => undefined))) throw new CliError(`There is no database at ${file}`);
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'pennon-backup-'));
    try {
      const snapshot = path.join(scratch, 'database.sqlite');
      snapshotSqlite(file, snapshot);
      const live = ['', '-wal', '-shm', '-journal'].map((suffix) => `${file}${suffix}`);
      await writeArchive(
        out,
        archive([manifestEntry('sqlite', now), await databaseEntry(snapshot)], dataDir, out, live),
      );
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    console.log(`Backed up the SQLite database and the files of ${dataDir} to ${out}`);
  },
};

/** The entries `first`, then the data directory's files but `skip` and the archive itself (when written there). */
async function* archive(first: TarEntry[], dataDir: string, out: string, skip: string[] = []) {
  yield* first;
  yield* dataEntries(dataDir, new Set([...skip, out, `${out}.partial`]));
}
