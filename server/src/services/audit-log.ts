// The admin log (§2.2): key actions kept in the database, read back newest first.
import type { LogLevel, LogLevelFilter, LogMessageModel, TaskStatus } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

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
  ) {}

  async write(entry: LogEntry): Promise<void> {
    await this.db
      .insertInto('logs')
      .values({
        time: this.now(),
        level: entry.level,
        msg: entry.msg,
        name: entry.name ?? null,
        ip: entry.ip ?? null,
        status: entry.status ?? null,
      })
      .execute();
  }

  async list(level: LogLevelFilter, count: number, skip: number): Promise<LogMessageModel[]> {
    let query = this.db.selectFrom('logs').select(['time', 'name', 'level', 'ip', 'msg', 'status']);
    if (level !== 'All') query = query.where('level', '=', level);
    return query.orderBy('time', 'desc').orderBy('id', 'desc').limit(count).offset(skip).execute();
  }
}
