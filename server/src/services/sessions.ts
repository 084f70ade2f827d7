// Sign-in sessions: a random token lives only in the client's cookie; the database keeps its SHA-256.
// A session lasts 7 days and slides: a visit in its second half extends it by another 7 days.
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import { batched, inChunks } from '../db/batched.ts';
import { prepareList } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';

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

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export class SessionStore {
  /** Every API call resolves its session: the calls of one moment share a query (a round trip on PostgreSQL). */
  readonly #lookup;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    const query = prepareList(db, { id: '' }, (db, sessions) =>
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
        .where(
          'sessions.id',
          'in',
          sessions.map((s) => s.id),
        ),
    );
    this.#lookup = batched(async (ids: string[]) => {
      const found = new Map<string, SessionRow>();
      for (const chunk of inChunks([...new Set(ids)].map((id) => ({ id })))) {
        for (const row of (await query.run(chunk)).rows) found.set(row.session_id, row);
      }
      return ids.map((id) => found.get(id));
    });
  }

  /** Opens a session for the user and answers the token for the cookie. */
  async start(userId: string, client: ClientInfo): Promise<{ token: string; expiresAt: number }> {
    const now = this.now();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = now + sessionLifetimeMs;
    await this.db.transaction().execute(async (trx) => {
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
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: now, ...(renewedUntil !== null && { expires_at: renewedUntil }) })
        .where('id', '=', sessionId)
        .execute();
      await this.db
        .updateTable('users')
        .set({ last_visited_utc: now, ip })
        .where('id', '=', row.id)
        .execute();
    }
    return { sessionId, caller: { id: row.id, userName: row.user_name, role: row.role }, renewedUntil };
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
