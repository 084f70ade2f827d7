// Authenticator-app codes (RFC 6238 TOTP: SHA-1, 6 digits, 30-second steps, as every app reads them) by `otpauth`.
// The secret is kept sealed; a code is taken once (the step it was for is remembered), and one step early or late
// is allowed for clocks that drift.
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../db/schema.ts';
import type { Sealer } from './sealing.ts';

const periodSeconds = 30;

const totpOf = (secret: string, issuer = '', label = '') =>
  new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: periodSeconds,
  });

/** What an authenticator app is given: the base32 secret, and the `otpauth://` URI a QR code carries. */
export const newTotpSecret = (issuer: string, label: string): { secret: string; uri: string } => {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, issuer, label).toString() };
};

/** The step a code is good for, or null: six digits (spaces ignored) that the secret makes now, a step either way. */
export const totpStep = (secret: string, code: string, now: number): number | null => {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / periodSeconds) + delta;
};

export class TotpStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sealer: Sealer,
    private readonly now: () => number = Date.now,
  ) {}

  async has(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('totp_secrets')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Seals a secret for keeping until it is confirmed. */
  seal(secret: string): Promise<string> {
    return this.sealer.seal(secret);
  }

  /** The step the code is good for with the sealed secret being set up, or null (nothing is stored yet). */
  async pendingStep(sealedSecret: string, code: string): Promise<number | null> {
    return totpStep(await this.sealer.openText(sealedSecret), code, this.now());
  }

  /** Turns the app on with the secret set up (replacing any other); `step` is the code's that confirmed it. */
  async save(userId: string, sealedSecret: string, step: number, db: Kysely<Database> = this.db) {
    const values = { secret: sealedSecret, last_step: step, created_at: this.now() };
    await db
      .insertInto('totp_secrets')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  /** Whether the code is the user's, and takes it: the same code (or an older one) is refused afterwards. */
  async verify(userId: string, code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('totp_secrets')
      .select(['secret', 'last_step'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return false;
    const step = totpStep(await this.sealer.openText(row.secret), code, this.now());
    if (step === null || step <= row.last_step) return false;
    // Of two requests racing with one code, one takes it.
    const { numUpdatedRows } = await this.db
      .updateTable('totp_secrets')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('last_step', '<', step)
      .executeTakeFirst();
    return numUpdatedRows === 1n;
  }

  async remove(userId: string, db: Kysely<Database> = this.db): Promise<void> {
    await db.deleteFrom('totp_secrets').where('user_id', '=', userId).execute();
  }
}
