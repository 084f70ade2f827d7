// Secrets the platform generates once and keeps in the database, so every process on it signs and checks alike.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export class PlatformSecrets {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The secret named `name`, made by `generate` on first use; when two processes race, the first insert wins. */
  get(name: string, generate: () => string): Promise<string> {
    let secret = this.cache.get(name);
    if (!secret) {
      secret = this.load(name, generate);
      secret.catch(() => this.cache.delete(name));
      this.cache.set(name, secret);
    }
    return secret;
  }

  private async load(name: string, generate: () => string): Promise<string> {
    await this.db
      .insertInto('platform_secrets')
      .values({ name, value: generate() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('platform_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
