// The pg_dump and pg_restore commands for a PostgreSQL URL, to pair a files-only backup with the database's dump.
const quote = (value: string): string =>
  /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;

/** The connection's parts as libpq options; the password is left out (PGPASSWORD or ~/.pgpass give it). */
const connectionOptions = (databaseUrl: string): string[] => {
  const url = new URL(databaseUrl);
  const options = [`--host=${quote(decodeURIComponent(url.hostname))}`];
  if (url.port) options.push(`--port=${url.port}`);
  if (url.username) options.push(`--username=${quote(decodeURIComponent(url.username))}`);
  return options;
};

const databaseName = (databaseUrl: string): string =>
  quote(decodeURIComponent(new URL(databaseUrl).pathname.slice(1)));

export const pgDumpCommand = (databaseUrl: string, dumpFile: string): string =>
  [
    'pg_dump',
    '--format=custom',
    ...connectionOptions(databaseUrl),
    `--file=${quote(dumpFile)}`,
    databaseName(databaseUrl),
  ].join(' ');

export const pgRestoreCommand = (databaseUrl: string, dumpFile: string): string =>
  [
    'pg_restore',
    '--clean',
    '--if-exists',
    '--no-owner',
    ...connectionOptions(databaseUrl),
    `--dbname=${databaseName(databaseUrl)}`,
    quote(dumpFile),
  ].join(' ');

/** Whether the URL carries a password the printed commands leave out. */
export const hasPassword = (databaseUrl: string): boolean => new URL(databaseUrl).password !== '';
