import type { Kysely } from 'kysely';

// The token that authenticated the request issuing a token (null when a session issued it): such a token may not
// issue tokens itself, and deleting or revoking its minter revokes it. No foreign key on purpose: a minted token
// must keep naming its deleted minter, not turn into one a session issued.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('api_tokens').addColumn('minted_by', 'varchar(36)').execute();
  await db.schema.createIndex('api_tokens_minted_by').on('api_tokens').column('minted_by').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('api_tokens_minted_by').execute();
  await db.schema.alterTable('api_tokens').dropColumn('minted_by').execute();
};
