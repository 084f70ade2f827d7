// What every `pennon` subcommand is: its usage, its options (node's parseArgs) and what it does.
import { existsSync } from 'node:fs';
import type { ParseArgsConfig } from 'node:util';
import { type Connection, connect, isPostgres, sqliteFile } from '../db/database.ts';
import type { Settings } from '../settings.ts';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface Invocation {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  settings: Settings;
}

export interface Command {
  /** The words that name it: `backup`, `game export`. */
  name: string;
  /** The arguments after the name, as the usage line shows them. */
  args: string;
  summary: string;
  /** Lines of help below the usage line. */
  help: string[];
  options: Options;
  /** The positional arguments it takes. */
  positionals: string[];
  run(invocation: Invocation): Promise<void>;
}

/** A failure the operator can act on: printed as one line, exit status 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/** Arguments the command does not take: the usage line, exit status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Runs `work` on a connection to the configured database, closed afterwards whatever happens. Only `create` makes
 * a SQLite database that is not there: elsewhere a missing file is a wrong PENNON_DATA_DIR, not a new platform.
 */
export const withDatabase = async <T>(
  settings: Settings,
  work: (connection: Connection) => Promise<T>,
  { create = false } = {},
): Promise<T> => {
  const { databaseUrl } = settings;
  if (!create && !isPostgres(databaseUrl) && !existsSync(sqliteFile(databaseUrl))) {
    throw new CliError(`There is no database at ${sqliteFile(databaseUrl)} (check PENNON_DATA_DIR)`);
  }
  const connection = connect(databaseUrl, { synchronous: settings.sqliteSynchronous });
  try {
    return await work(connection);
  } finally {
    await connection.db.destroy();
  }
};
