// The backup archive (a .tar.gz): a manifest first, then the SQLite database's snapshot (none for PostgreSQL,
// whose dump pg_dump makes), then the data directory's files under `data/`.
import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { extract } from 'tar';
import type { Dialect } from '../db/database.ts';
import { type TarEntry, tarStream } from '../storage/tar.ts';
import { version } from '../version.ts';
import { CliError } from './command.ts';

export const manifestName = 'pennon-backup.json';
export const databaseName = 'database.sqlite';
export const dataFolder = 'data';

export interface Manifest {
  format: 'pennon-backup';
  version: 1;
  database: Dialect;
  createdAt: string;
  pennon: string;
}

export const manifestEntry = (database: Dialect, now: number): TarEntry => {
  const manifest: Manifest = {
    format: 'pennon-backup',
    version: 1,
    database,
    createdAt: new Date(now).toISOString(),
    pennon: version,
  };
  const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  return { name: manifestName, size: body.length, mtime: now, open: async () => Readable.from([body]) };
};

/** A file as an entry, opened now: its size is fixed at this moment, whatever is appended to it later. */
const fileEntry = async (name: string, file: string): Promise<TarEntry | undefined> => {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // deleted since it was listed
    throw err;
  }
  const { size, mtimeMs } = await handle.stat();
  return {
    name,
    size,
    mtime: mtimeMs,
    open: async () =>
      size === 0 ? Readable.from([]) : createReadStream('', { fd: handle, start: 0, end: size - 1 }),
  };
};

export const databaseEntry = async (snapshot: string): Promise<TarEntry> => {
  const entry = await fileEntry(databaseName, snapshot);
  if (!entry) throw new Error(`the database snapshot ${snapshot} is gone`);
  return entry;
};

/**
 * The regular files under `dataDir` but those `skip` names (absolute paths: the live database and its journals,
 * the archive being written) and blobs still being uploaded.
 */
export async function* dataEntries(dataDir: string, skip: Set<string>): AsyncGenerator<TarEntry> {
  const staging = path.join(dataDir, 'uploads', '.staging');
  for (const dirent of await readdir(dataDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(dirent.parentPath, dirent.name);
    if (!dirent.isFile() || skip.has(file) || file.startsWith(`${staging}${path.sep}`)) continue;
    const name = [dataFolder, ...path.relative(dataDir, file).split(path.sep)].join('/');
    const entry = await fileEntry(name, file);
    if (entry) yield entry;
  }
}

/** Writes the archive next to `out` and moves it there complete: a failed backup leaves no half archive. */
export const writeArchive = async (out: string, entries: AsyncIterable<TarEntry>): Promise<void> => {
  const partial = `${out}.partial`;
  try {
    await pipeline(tarStream(entries), createGzip(), createWriteStream(partial));
    await rename(partial, out);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
};

const isManifest = (value: unknown): value is Manifest => {
  const m = value as Partial<Manifest> | null;
  return (
    m?.format === 'pennon-backup' && m.version === 1 && (m.database === 'sqlite' || m.database === 'postgres')
  );
};

/** Unpacks a backup into `dir` (regular files only, nothing outside it) and answers its manifest. */
export const unpackArchive = async (file: string, dir: string): Promise<Manifest> => {
  const notABackup = (why: string) => new CliError(`${file} is not a Pennon backup: ${why}`);
  try {
    await extract({
      file,
      cwd: dir,
      strict: true,
      filter: (_name, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (err) {
    throw notABackup((err as Error).message);
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, manifestName), 'utf8'));
  } catch {
    throw notABackup(`it has no ${manifestName}`);
  }
  if (!isManifest(manifest)) throw notABackup(`its ${manifestName} is not one this version reads`);
  return manifest;
};
