import type { Kysely } from 'kysely';

// Registration fields (issue #45): the values of the extra account fields an admin defines (their definitions are a
// configuration row). One row a user and field; a field's rows go with its definition, a user's with the user.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('user_fields')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'varchar(32)', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_fields_pk', ['user_id', 'key'])
    .execute();
  // Admins filter users by one field's value.
  await db.schema.createIndex('user_fields_key').on('user_fields').columns(['key', 'value']).execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('user_fields').execute();
};
