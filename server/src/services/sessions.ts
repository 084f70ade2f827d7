// Sign-in sessions: a random token lives only in the client's cookie; the database keeps its SHA-256.
// A session lasts 7 days and slides: a visit in its second half extends it by another 7 days.
import { hash, randomBytes } from 'node:crypto';
import type { Role } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import { batched } from '../db/batched.ts';
import { column, prepareRows } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';

export const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** Visits closer together than this don't write last-visited / IP again. */
const visitIntervalMs = 5000;

export interface Caller {
  id: string;
  userName: string;
  role: Role;
}

export interface ResolvedSession {
  sessionId: string;
  caller: Caller;
  /** Set when this visit extended the session: the cookie must be sent again with the new lifetime. */
  renewedUntil: number | null;
}

export interface NewSession {
  token: string;
  expiresAt: number;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

interface SessionRow {
  expires_at: number;
  last_seen_at: number;
  id: string;
  user_name: string;
  role: Role;
}

// Every API call hashes its cookie's token: the one-shot `hash` builds no Hash object, in a third of the time.
const hashToken = (token: string): string => hash('sha256', token, 'hex');

interface Visit {
  sessionId: string;
  userId: string;
  ip: string;
  time: number;
  /** The session's new end when this visit extends it. */
  renewedUntil: number | null;
}

export class SessionStore {
  /** Every API call resolves its session: the calls of one moment share a query (a round trip on PostgreSQL). */
  readonly #lookup;
  /**
   * Visits of one moment are recorded together: two statements for all of them. Players' pages poll every 10 s, so
   * each player records a visit every 10 s: one by one, each cost two commits.
   */
  readonly #record: (visit: Visit) => Promise<void>;
  /**
   * Visits being written. A request does not wait for its visit's write: in a profile under load, about 8 % of the
   * flags' round trips waited for one (two statements on PostgreSQL, two commits on SQLite), enough to make their
   * slowest percent. The server's close waits for them (`flushed`).
   */
  readonly #writing = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    private readonly log: { error(obj: unknown, msg: string): void } = console,
  ) {
    const query = prepareRows(db, { id: column.text }, (db, sessions) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id as session_id',
          'sessions.expires_at',
          'sessions.last_seen_at',
          'users.id',
          'users.user_name',
          'users.role',
        ])
        .where('sessions.id', 'in', db.selectFrom(sessions).select('r.id')),
    );
    this.#lookup = batched(async (ids: string[]) => {
      const found = new Map<string, SessionRow>();
      for (const row of await query.run([...new Set(ids)].map((id) => ({ id }))))
        found.set(row.session_id, row);
      return ids.map((id) => found.get(id));
    });
    const touchSessions = prepareRows(
      db,
      { id: column.text, time: column.bigint, renewedUntil: column.nullableBigint },
      (db, visits) =>
        db
          .updateTable('sessions')
          .from(visits)
          .set((eb) => ({
            last_seen_at: eb.ref('r.time'),
            expires_at: eb.fn.coalesce('r.renewedUntil', 'sessions.expires_at'),
          }))
          .whereRef('sessions.id', '=', 'r.id'),
    );
    const touchUsers = prepareRows(
      db,
      { id: column.text, time: column.bigint, ip: column.text },
      (db, visits) =>
        db
          .updateTable('users')
          .from(visits)
          .set((eb) => ({ last_visited_utc: eb.ref('r.time'), ip: eb.ref('r.ip') }))
          .whereRef('users.id', '=', 'r.id'),
    );
    this.#record = batched(async (visits: Visit[]) => {
      // The latest visit of each session and of each user: a row may be updated once per statement.
      const sessions = new Map(visits.map((v) => [v.sessionId, v]));
      const users = new Map(visits.map((v) => [v.userId, v]));
      // Each statement is all or nothing, and they record two facts apart: on PostgreSQL they run side by side, each
      // one round trip on a connection of its own, where a transaction around both took four one after another.
      await Promise.all([
        touchSessions.runAtomically(
          [...sessions.values()].map((v) => ({
            id: v.sessionId,
            time: v.time,
            renewedUntil: v.renewedUntil,
          })),
        ),
        touchUsers.runAtomically([...users.values()].map((v) => ({ id: v.userId, time: v.time, ip: v.ip }))),
      ]);
      return visits.map(() => undefined);
    });
  }

  /**
   * Opens a session for the user and answers the token for the cookie. Given a transaction (a registration's), the
   * session is written in it, so it commits or fails with the user it belongs to.
   */
  async start(userId: string, client: ClientInfo, db: Kysely<Database> = this.db): Promise<NewSession> {
    const now = this.now();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = now + sessionLifetimeMs;
    await inTransaction(db, async (trx) => {
      // Expired sessions are swept here rather than by a timer: sign-ins are rare enough and the column is indexed.
      await trx.deleteFrom('sessions').where('expires_at', '<=', now).execute();
      await trx
        .insertInto('sessions')
        .values({
          id: hashToken(token),
          user_id: userId,
          created_at: now,
          expires_at: expiresAt,
          last_seen_at: now,
          ip: client.ip,
          user_agent: client.userAgent.slice(0, 512),
        })
        .execute();
      await trx
        .updateTable('users')
        .set({ last_visited_utc: now, ip: client.ip })
        .where('id', '=', userId)
        .execute();
    });
    return { token, expiresAt };
  }

  /** The caller behind a cookie token, or null when it names no live session. Records the visit (throttled). */
  async resolve(token: string, ip: string): Promise<ResolvedSession | null> {
    const sessionId = hashToken(token);
    const row = await this.#lookup(sessionId);
    if (!row) return null;
    const now = this.now();
    if (row.expires_at <= now) {
      await this.revoke(sessionId);
      return null;
    }
    const renew = row.expires_at - now < sessionLifetimeMs / 2;
    const renewedUntil = renew ? now + sessionLifetimeMs : null;
    if (renew || now - row.last_seen_at >= visitIntervalMs) {
      // Lost, a visit costs only a last-seen time, and a renewal is tried again at the next visit.
      const writing = this.#record({ sessionId, userId: row.id, ip, time: now, renewedUntil })
        .catch((error) => this.log.error({ err: error }, 'Recording a visit failed'))
        .finally(() => this.#writing.delete(writing));
      this.#writing.add(writing);
    }
    return { sessionId, caller: { id: row.id, userName: row.user_name, role: row.role }, renewedUntil };
  }

  /** Resolves once the visits resolved so far are written. */
  async flushed(): Promise<void> {
    await Promise.all(this.#writing);
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  /** Ends every session of the user but the one given (after a password change). */
  async revokeOthers(userId: string, keepSessionId: string | null): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepSessionId) query = query.where('id', '!=', keepSessionId);
    await query.execute();
  }
}
