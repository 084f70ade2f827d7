// HashPow (§4.13): find 8 bytes whose SHA-256 after the challenge's 8 bytes starts with `difficulty` zero bits.
// Challenges live in the database so that every process behind a load balancer knows them; 5 minutes, sliding.
import { createHash, randomBytes } from 'node:crypto';
import type { HashPowChallenge } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export const powLifetimeMs = 5 * 60 * 1000;

export const leadingZeroBits = (digest: Buffer): number => {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
};

export const powDigest = (challenge: string, answer: string): Buffer =>
  createHash('sha256').update(Buffer.from(challenge, 'hex')).update(Buffer.from(answer, 'hex')).digest();

export class HashPow {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly difficulty: number,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(): Promise<HashPowChallenge> {
    const now = this.now();
    const id = randomBytes(6).toString('hex');
    const challenge = randomBytes(8).toString('hex');
    await this.db.deleteFrom('pow_challenges').where('expires_at', '<=', now).execute();
    await this.db
      .insertInto('pow_challenges')
      .values({ id, challenge, expires_at: now + powLifetimeMs })
      .execute();
    return { id, challenge, difficulty: this.difficulty };
  }

  /** Checks `"{id}:{16 hex}"`; a right answer uses the challenge up, a wrong one keeps it alive. */
  async verify(answer: string): Promise<boolean> {
    const parts = answer.split(':');
    if (parts.length !== 2) return false;
    const [id, nonce] = parts as [string, string];
    if (!/^[0-9a-f]{16}$/i.test(nonce)) return false;
    const now = this.now();
    const row = await this.db
      .selectFrom('pow_challenges')
      .select('challenge')
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return false;
    if (leadingZeroBits(powDigest(row.challenge, nonce)) < this.difficulty) {
      await this.db
        .updateTable('pow_challenges')
        .set({ expires_at: now + powLifetimeMs })
        .where('id', '=', id)
        .execute();
      return false;
    }
    // Only the request that deletes the row wins, so one answer can't pass twice even when sent concurrently.
    const { numDeletedRows } = await this.db
      .deleteFrom('pow_challenges')
      .where('id', '=', id)
      .executeTakeFirst();
    return numDeletedRows > 0n;
  }
}
