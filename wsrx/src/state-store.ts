// The state directory: approved scopes (scopes.json), the control token (control-token) and the
// address of the running daemon (daemon.json). Writes go through a temporary file and a rename.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { isScope, type Scope } from './scopes.ts';

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
  writeFileSync(temporary, text, { mode });
  renameSync(temporary, file);
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

  saveScopes(scopes: Scope[]): void {
    this.ensureDir();
    writeAtomic(this.scopesFile, `${JSON.stringify({ version: 1, scopes }, null, 2)}\n`);
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
