import type { Kysely } from 'kysely';

// Ways to sign in beside a password (issue 45): OpenID Connect providers and the identities users link to them,
// passkeys, TOTP secrets with their recovery codes, and the sign-ins under way. Everything a user owns here goes
// with the user (cascades); an account without a password keeps '' in `users.password_hash`.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('oidc_providers')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(64)', (col) => col.notNull())
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('client_id', 'text', (col) => col.notNull())
    // AES-256-GCM under a platform secret: the table alone doesn't give it away.
    .addColumn('client_secret', 'text', (col) => col.notNull())
    .addColumn('icon_url', 'text')
    .addColumn('allowed_domains', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('create_accounts', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('link_by_email', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('user_identities')
    .addColumn('provider_id', 'varchar(32)', (col) => col.notNull())
    .addColumn('subject', 'varchar(255)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(256)')
    .addColumn('linked_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint')
    .addPrimaryKeyConstraint('user_identities_pk', ['provider_id', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user_id').on('user_identities').column('user_id').execute();

  await db.schema
    .createTable('passkeys')
    // The credential id, base64url.
    .addColumn('id', 'varchar(1024)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (col) => col.notNull())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'bigint', (col) => col.notNull())
    .addColumn('transports', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('backed_up', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_user_id').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('totp_secrets')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // Sealed like the providers' secrets.
    .addColumn('secret', 'text', (col) => col.notNull())
    // The last time step a code was taken for: a code is good once.
    .addColumn('last_step', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    // SHA-256 of the code: 80 random bits, so the hash alone can't be turned back.
    .addColumn('code_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('recovery_codes_user_id').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('sign_in_flows')
    // SHA-256 of the browser's flow cookie.
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('stage', 'varchar(16)', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('sign_in_flows_user_id').on('sign_in_flows').column('user_id').execute();
  await db.schema.createIndex('sign_in_flows_expires_at').on('sign_in_flows').column('expires_at').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of [
    'sign_in_flows',
    'recovery_codes',
    'totp_secrets',
    'passkeys',
    'user_identities',
    'oidc_providers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
};
