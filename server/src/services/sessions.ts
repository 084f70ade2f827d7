// Sign-in sessions: a random token lives only in the client's cookie; the database keeps its SHA-256.
// A session lasts 7 days and slides: a visit in its second half extends it by another 7 days.
import { hash, randomBytes } from 'node:crypto';
import type { Role } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import { batched } from '../db/batched.ts';
import { column, prepareRows } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { LiveBus } from '../live/bus.ts';

export const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** Visits closer together than this don't write last-visited / IP again. */
const visitIntervalMs = 5000;
/**
 * How long a resolved session is answered from memory: every API call resolves one, which cost each a query (a round
 * trip on PostgreSQL). Whatever ends a session or changes its caller drops it at once in this process and, through
 * the live bus, in the others and from the CLI (`userChanged`); the age bounds what a lost bus message, or a change
 * written to the database by other means, leaves standing.
 */
export const sessionMaxAgeMs = 5000;
/** Sessions kept at most; past it the one kept longest goes (the stalest: a kept session is read again every few s). */
const keptSessionsMax = 20_000;

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

/** A session as kept in memory: what the next visit needs to answer and to decide what to record. */
interface KeptSession {
  caller: Caller;
  expiresAt: number;
  lastSeenAt: number;
  /** When it was read from the database. */
  readAt: number;
}

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
  /** Live sessions by id, in the order they were read. */
  readonly #kept = new Map<string, KeptSession>();
  /** Changes heard so far: a lookup that a change overtook answers its caller but is not kept. */
  #changes = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    private readonly log: { error(obj: unknown, msg: string): void } = console,
    private readonly bus?: LiveBus,
  ) {
    bus?.subscribe((message) => {
      if (message.hub === 'sessions') this.#forget(message.payload);
    });
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
    const session = this.#keptSession(sessionId) ?? (await this.read(sessionId));
    if (!session) return null;
    const now = this.now();
    if (session.expiresAt <= now) {
      await this.revoke(sessionId, session.caller.id);
      return null;
    }
    const renew = session.expiresAt - now < sessionLifetimeMs / 2;
    const renewedUntil = renew ? now + sessionLifetimeMs : null;
    if (renew || now - session.lastSeenAt >= visitIntervalMs) {
      // The next visits are decided on what this one records, as a read of its row would once written.
      session.lastSeenAt = now;
      session.expiresAt = renewedUntil ?? session.expiresAt;
      // Lost, a visit costs only a last-seen time, and a renewal is tried again at the next visit.
      const writing = this.#record({ sessionId, userId: session.caller.id, ip, time: now, renewedUntil })
        .catch((error) => this.log.error({ err: error }, 'Recording a visit failed'))
        .finally(() => this.#writing.delete(writing));
      this.#writing.add(writing);
    }
    return { sessionId, caller: session.caller, renewedUntil };
  }

  /**
   * The caller a session speaks for now, read from the database (not as kept): null once it ended. For what checks
   * a session again after a change (a live hub connection it opened), not for a visit: nothing is recorded.
   */
  async current(sessionId: string): Promise<Caller | null> {
    const session = await this.read(sessionId);
    return session && session.expiresAt > this.now() ? session.caller : null;
  }

  /** The session as kept, unless it is older than `sessionMaxAgeMs`. */
  #keptSession(sessionId: string): KeptSession | undefined {
    const kept = this.#kept.get(sessionId);
    if (kept && this.now() - kept.readAt < sessionMaxAgeMs) return kept;
    return undefined;
  }

  /** Reads a session from the database and keeps it, unless a change was heard while the read was under way. */
  private async read(sessionId: string): Promise<KeptSession | undefined> {
    const [readAt, changes] = [this.now(), this.#changes];
    const row = await this.#lookup(sessionId);
    if (!row) {
      this.#kept.delete(sessionId);
      return undefined;
    }
    // Each caller gets a session of its own: those of one lookup then decide their visits alike, as on one row. The
    // caller is frozen: the requests of the next seconds share it.
    const session: KeptSession = {
      caller: Object.freeze({ id: row.id, userName: row.user_name, role: row.role }),
      expiresAt: row.expires_at,
      lastSeenAt: row.last_seen_at,
      readAt,
    };
    if (changes === this.#changes) {
      this.#kept.delete(sessionId);
      this.#kept.set(sessionId, session);
      if (this.#kept.size > keptSessionsMax) this.#kept.delete(this.#kept.keys().next().value as string);
    }
    return session;
  }

  /** Resolves once the visits resolved so far are written. */
  async flushed(): Promise<void> {
    await Promise.all(this.#writing);
  }

  /** Ends one session of the user (a sign-out). */
  async revoke(sessionId: string, userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    this.userChanged(userId);
  }

  /** Ends every session of the user but the one given (after a password change). */
  async revokeOthers(userId: string, keepSessionId: string | null): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepSessionId) query = query.where('id', '!=', keepSessionId);
    await query.execute();
    this.userChanged(userId);
  }

  /**
   * The user's sessions are read again at their next call, in every process: after a change, once committed, to the
   * user's sessions or to what `Caller` holds of the user (role, ban, name), or the user's deletion.
   */
  userChanged(userId: string): void {
    this.#forget(userId);
    this.bus?.publish({ hub: 'sessions', method: 'UserChanged', payload: userId });
  }

  #forget(userId: string): void {
    this.#changes++;
    for (const [sessionId, session] of this.#kept) {
      if (session.caller.id === userId) this.#kept.delete(sessionId);
    }
  }
}
