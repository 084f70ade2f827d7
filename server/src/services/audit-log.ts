// The admin log (§2.2): key actions kept in the database, read back newest first.
import type { LogLevel, LogLevelFilter, LogMessageModel, TaskStatus } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { LiveBus } from '../live/bus.ts';

/** Levels pushed live to the admin hub (§1.9: Information and above). */
const pushedLevels = new Set<LogLevel>(['Information', 'Warning', 'Error', 'Fatal']);

export interface LogEntry {
  level: LogLevel;
  msg: string;
  name?: string | null;
  ip?: string | null;
  status?: TaskStatus | null;
}

export class AuditLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    /** Where each written entry is also pushed (`ReceivedLog` on the admin hub). */
    private readonly bus?: LiveBus,
  ) {}

  async write(entry: LogEntry): Promise<void> {
    await this.writeMany([entry]);
  }

  /** Several entries in one statement (the judge logs a whole batch of verdicts at once). */
  async writeMany(entries: readonly LogEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const time = this.now();
    const rows = entries.map((entry) => ({
      time,
      level: entry.level,
      msg: entry.msg,
      name: entry.name ?? null,
      ip: entry.ip ?? null,
      status: entry.status ?? null,
    }));
    await this.db.insertInto('logs').values(rows).execute();
    for (const row of rows) {
      if (!this.bus || !pushedLevels.has(row.level)) continue;
      this.bus.publish({
        hub: 'admin',
        method: 'ReceivedLog',
        payload: { ...row, name: row.name ?? 'Anonymous' },
      });
    }
  }

  async list(level: LogLevelFilter, count: number, skip: number): Promise<LogMessageModel[]> {
    let query = this.db.selectFrom('logs').select(['time', 'name', 'level', 'ip', 'msg', 'status']);
    if (level !== 'All') query = query.where('level', '=', level);
    return query.orderBy('time', 'desc').orderBy('id', 'desc').limit(count).offset(skip).execute();
  }
}
