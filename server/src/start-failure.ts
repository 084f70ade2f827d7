// Why the server could not start, as one sentence for the console: the causes an operator meets (the database's
// disk, file or lock, the port) named plainly, anything else by its message. Never a stack trace.

/** What the sentence names. */
export interface StartPlace {
  /** The database without credentials (`describeDatabase`). */
  database: string;
  host: string;
  port: number;
}

interface SystemError {
  code?: unknown;
  /** Node's, for a file or directory (the data directory). */
  path?: unknown;
  /** Node's: `listen` for the port. */
  syscall?: unknown;
  cause?: unknown;
}

/** The error and its causes, outermost first (a failed migration wraps the database's error). */
const chain = (err: unknown): SystemError[] => {
  const errors: SystemError[] = [];
  for (let at = err; at != null && errors.length < 10; at = (at as SystemError).cause) {
    errors.push(at as SystemError);
  }
  return errors;
};

type Reason = (place: StartPlace & { subject: string }) => string;

/** By `code`: SQLite's (extended codes included), PostgreSQL's SQLSTATE, Node's; `listen:` for the port's. */
const reasons: [test: RegExp, reason: Reason][] = [
  [
    /^(listen:)?EADDRINUSE$/,
    ({ host, port }) => `port ${port} on ${host} is already in use: stop what listens there, or set PORT`,
  ],
  [
    /^listen:(EACCES|EPERM)$/,
    ({ port }) => `this user may not listen on port ${port}: set PORT to one above 1023`,
  ],
  [/^listen:EADDRNOTAVAIL$/, ({ host }) => `${host} is not an address of this machine: set HOST to one`],
  [
    /^(SQLITE_READONLY.*|EROFS|25006)$/,
    ({ subject }) => `${subject} is read-only: give this process write access to it and its directory`,
  ],
  [/^(SQLITE_FULL|ENOSPC|53100)$/, ({ subject }) => `the disk of ${subject} is full`],
  [
    /^(SQLITE_NOTADB|SQLITE_CORRUPT.*)$/,
    ({ subject }) => `${subject} is not a SQLite database, or is corrupt: restore it from a backup`,
  ],
  [
    /^(SQLITE_BUSY.*|SQLITE_LOCKED.*)$/,
    ({ subject }) =>
      `${subject} is locked by another process: stop it, or give this server a database of its own`,
  ],
  [
    /^(SQLITE_CANTOPEN.*|SQLITE_PERM|EACCES|EPERM)$/,
    ({ subject }) => `${subject} cannot be opened or written by this user`,
  ],
];

/** One line saying why the start failed. */
export const startFailure = (err: unknown, place: StartPlace): string => {
  for (const cause of chain(err)) {
    if (typeof cause.code !== 'string') continue;
    const key = cause.syscall === 'listen' ? `listen:${cause.code}` : cause.code;
    const known = reasons.find(([test]) => test.test(key));
    const subject = typeof cause.path === 'string' ? cause.path : place.database;
    if (known) return known[1]({ ...place, subject });
  }
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0] ?? message;
};
