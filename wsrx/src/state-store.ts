// The state directory: approved scopes (scopes.json), the control token (control-token) and the
// address of the running daemon (daemon.json). Writes go to a temporary file in the same directory, are
// flushed to disk and renamed over the old file, so a crash leaves the old or the new file, never a mix.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { HttpError } from './errors.ts';
import { isScope, type Scope } from './scopes.ts';

/** scopes.json is read whole at start and rewritten on every change, so it stays small. */
export const MAX_SCOPES_FILE_BYTES = 1024 * 1024;

export const STATE_DIR_ENV = 'PENNON_WSRX_STATE_DIR';

export const defaultStateDir = (env: NodeJS.ProcessEnv = process.env): string => {
  const explicit = env[STATE_DIR_ENV];
  if (explicit) return path.resolve(explicit);
  const config = env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(config, 'pennon-wsrx');
};

export interface DaemonRecord {
  url: string;
  pid: number;
  startedAt: string;
}

const writeAtomic = (file: string, text: string, mode = 0o600): void => {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'w', mode);
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  // The rename itself is durable once the directory is flushed (which Windows cannot do).
  if (process.platform !== 'win32') {
    const dir = openSync(path.dirname(file), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  }
};

const sizeOf = (file: string): number | undefined => {
  try {
    return statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

export class StateStore {
  constructor(readonly dir: string) {}

  get scopesFile(): string {
    return path.join(this.dir, 'scopes.json');
  }

  get tokenFile(): string {
    return path.join(this.dir, 'control-token');
  }

  get daemonFile(): string {
    return path.join(this.dir, 'daemon.json');
  }

  ensureDir(): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  loadScopes(): Scope[] {
    const size = sizeOf(this.scopesFile);
    if (size !== undefined && size > MAX_SCOPES_FILE_BYTES) {
      throw new Error(
        `${this.scopesFile} is ${size} bytes, more than the ${MAX_SCOPES_FILE_BYTES} allowed; remove scopes from it or delete it`,
      );
    }
    const text = readText(this.scopesFile);
    if (text === undefined) return [];
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new Error(`${this.scopesFile} is not valid JSON (${(error as Error).message}); fix or delete it`);
    }
    const list = (data as { scopes?: unknown } | null)?.scopes;
    if (!Array.isArray(list)) throw new Error(`${this.scopesFile} has no "scopes" list; fix or delete it`);
    return list.filter(isScope).map((scope) => ({ ...scope, claimed: scope.claimed !== false }));
  }

  /** Refuses (507) to write a file larger than the limit, which could not be loaded again. */
  saveScopes(scopes: Scope[]): void {
    const text = `${JSON.stringify({ version: 1, scopes }, null, 2)}\n`;
    if (Buffer.byteLength(text) > MAX_SCOPES_FILE_BYTES) {
      throw new HttpError(
        507,
        `Saving this change would grow ${this.scopesFile} past ${MAX_SCOPES_FILE_BYTES} bytes: remove some scopes first (pennon-wsrx remove ORIGIN)`,
      );
    }
    this.ensureDir();
    writeAtomic(this.scopesFile, text);
  }

  /** The control token, created on first use; only the owner of the state dir can read it. */
  loadOrCreateToken(): string {
    const existing = readText(this.tokenFile)?.trim();
    if (existing) return existing;
    this.ensureDir();
    const token = randomBytes(32).toString('hex');
    writeAtomic(this.tokenFile, `${token}\n`);
    chmodSync(this.tokenFile, 0o600);
    return token;
  }

  readToken(): string | undefined {
    return readText(this.tokenFile)?.trim() || undefined;
  }

  writeDaemonRecord(record: DaemonRecord): void {
    this.ensureDir();
    writeAtomic(this.daemonFile, `${JSON.stringify(record)}\n`);
  }

  readDaemonRecord(): DaemonRecord | undefined {
    const text = readText(this.daemonFile);
    if (!text) return undefined;
    try {
      const record = JSON.parse(text) as DaemonRecord;
      return typeof record.url === 'string' ? record : undefined;
    } catch {
      return undefined;
    }
  }

  /** Removes daemon.json if it still describes the daemon of this process at `url`. */
  clearDaemonRecord(url: string): void {
    const record = this.readDaemonRecord();
    if (record?.url === url && record.pid === process.pid) rmSync(this.daemonFile, { force: true });
  }
}
