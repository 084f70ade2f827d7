// One-time recovery codes: the second factor of last resort when the app or passkey is lost. Ten at a time, each
// 80 random bits written as four groups of four letters and digits; only their SHA-256 is kept (80 bits make the
// hash as good as a password hash: there is nothing to guess from it), and a code goes once used.
import { hash, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';

export const recoveryCodeCount = 10;
/** 32 symbols (5 bits each), without the look-alikes 0/o and 1/l. */
const symbols = 'abcdefghijkmnpqrstuvwxyz23456789';

const newCode = (): string =>
  Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => symbols[randomInt(32)]).join('')).join('-');

/** A code as typed, in any case, with or without its dashes and spaces. */
const codeHash = (code: string): string => hash('sha256', code.toLowerCase().replace(/[\s-]+/g, ''), 'hex');

export class RecoveryCodes {
  constructor(private readonly db: Kysely<Database>) {}

  async count(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** New codes for the user, replacing the old ones; answers them to show once. */
  async renew(userId: string, db: Kysely<Database> = this.db): Promise<string[]> {
    const codes = Array.from({ length: recoveryCodeCount }, newCode);
    await inTransaction(db, async (trx) => {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('recovery_codes')
        .values(codes.map((code) => ({ code_hash: codeHash(code), user_id: userId })))
        .execute();
    });
    return codes;
  }

  /** Whether the code is one of the user's; it is used up. */
  async use(userId: string, code: string): Promise<boolean> {
    const { numDeletedRows } = await this.db
      .deleteFrom('recovery_codes')
      .where('code_hash', '=', codeHash(code))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return numDeletedRows === 1n;
  }

  async remove(userId: string, db: Kysely<Database> = this.db): Promise<void> {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  }
}
