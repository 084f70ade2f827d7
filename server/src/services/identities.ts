// The identities users link at OpenID Connect providers: one account per (provider, subject), any number of
// providers per account.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface Identity {
  providerId: string;
  subject: string;
  userId: string;
  email: string | null;
  linkedAt: number;
  lastUsedAt: number | null;
}

export class Identities {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The account linked to this identity, and records that it signed in. */
  async signIn(providerId: string, subject: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('user_identities')
      .select('user_id')
      .where('provider_id', '=', providerId)
      .where('subject', '=', subject)
      .executeTakeFirst();
    if (!row) return undefined;
    await this.db
      .updateTable('user_identities')
      .set({ last_used_at: this.now() })
      .where('provider_id', '=', providerId)
      .where('subject', '=', subject)
      .execute();
    return row.user_id;
  }

  async ofUser(userId: string): Promise<Identity[]> {
    const rows = await this.db
      .selectFrom('user_identities')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('linked_at')
      .execute();
    return rows.map((row) => ({
      providerId: row.provider_id,
      subject: row.subject,
      userId: row.user_id,
      email: row.email,
      linkedAt: row.linked_at,
      lastUsedAt: row.last_used_at,
    }));
  }

  /**
   * Links the identity to the user; false when the identity is linked already, or the user already has one at
   * this provider (one per provider keeps "unlink" unambiguous).
   */
  async link(
    userId: string,
    identity: { providerId: string; subject: string; email: string | null },
    db: Kysely<Database> = this.db,
  ): Promise<boolean> {
    const taken = await db
      .selectFrom('user_identities')
      .select('user_id')
      .where('provider_id', '=', identity.providerId)
      .where((eb) => eb.or([eb('subject', '=', identity.subject), eb('user_id', '=', userId)]))
      .executeTakeFirst();
    if (taken) return false;
    const now = this.now();
    await db
      .insertInto('user_identities')
      .values({
        provider_id: identity.providerId,
        subject: identity.subject,
        user_id: userId,
        email: identity.email,
        linked_at: now,
        last_used_at: now,
      })
      .execute();
    return true;
  }

  async unlink(userId: string, providerId: string): Promise<boolean> {
    const { numDeletedRows } = await this.db
      .deleteFrom('user_identities')
      .where('user_id', '=', userId)
      .where('provider_id', '=', providerId)
      .executeTakeFirst();
    return numDeletedRows === 1n;
  }
}
