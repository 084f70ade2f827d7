// The admin log (§2.2): key actions kept in the database, read back newest first.
import type { LogLevel, LogLevelFilter, LogMessageModel, TaskStatus } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import { type Column, column, prepareRows, type RowOf } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { LiveBus, LiveMessage } from '../live/bus.ts';

/** Levels pushed live to the admin hub (§1.9: Information and above). */
const pushedLevels = new Set<LogLevel>(['Information', 'Warning', 'Error', 'Fatal']);

export interface LogEntry {
  level: LogLevel;
  msg: string;
  name?: string | null;
  ip?: string | null;
  status?: TaskStatus | null;
}

const logColumns = {
  time: column.bigint,
  level: column.text as Column<LogLevel>,
  msg: column.text,
  name: column.nullableText,
  ip: column.nullableText,
  status: column.nullableText as Column<TaskStatus | null>,
};
const logColumnNames = Object.keys(logColumns) as (keyof typeof logColumns)[];
export type LogRow = RowOf<typeof logColumns>;

/** The lengths of the `logs` table's bounded columns (migration 0005), in characters. */
const nameLength = 64;
const ipLength = 64;

/** The first `max` characters (code points, as the databases count them), never half of a surrogate pair. */
const cut = (value: string | null | undefined, max: number): string | null =>
  value == null || value.length <= max ? (value ?? null) : Array.from(value).slice(0, max).join('');

export class AuditLog {
  readonly #insert;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    /** Where each written entry is also pushed (`ReceivedLog` on the admin hub). */
    private readonly bus?: LiveBus,
  ) {
    this.#insert = prepareRows(db, logColumns, (db, rows) =>
      db.insertInto('logs').columns(logColumnNames).expression(db.selectFrom(rows).select(logColumnNames)),
    );
  }

  async write(entry: LogEntry): Promise<void> {
    for (const message of await this.store(this.db, [entry])) this.bus?.publish(message);
  }

  /**
   * Stores entries through `db` (the judge's transaction: a batch of verdicts logs with them); answers the messages
   * to publish once that commits.
   */
  async store(db: Kysely<Database>, entries: readonly LogEntry[]): Promise<LiveMessage[]> {
    const { rows, messages } = this.entriesNow(entries);
    await this.#insert.run(rows, db);
    return messages;
  }

  /** The rows of entries written now, for a caller that stores them itself, and the messages to publish after. */
  entriesNow(entries: readonly LogEntry[]): { rows: LogRow[]; messages: LiveMessage[] } {
    const time = this.now();
    const rows = entries.map((entry) => ({
      time,
      level: entry.level,
      msg: entry.msg,
      // A name comes from the client (a sign-in's): cut to the column, or PostgreSQL would refuse the whole entry.
      name: cut(entry.name, nameLength),
      ip: cut(entry.ip, ipLength),
      status: entry.status ?? null,
    }));
    const messages = rows
      .filter((row) => pushedLevels.has(row.level))
      .map(
        (row): LiveMessage => ({
          hub: 'admin',
          method: 'ReceivedLog',
          payload: { ...row, name: row.name ?? 'Anonymous' },
        }),
      );
    return { rows, messages };
  }

  async list(level: LogLevelFilter, count: number, skip: number): Promise<LogMessageModel[]> {
    let query = this.db.selectFrom('logs').select(['time', 'name', 'level', 'ip', 'msg', 'status']);
    if (level !== 'All') query = query.where('level', '=', level);
    return query.orderBy('time', 'desc').orderBy('id', 'desc').limit(count).offset(skip).execute();
  }
}
