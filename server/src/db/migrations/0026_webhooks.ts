import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Webhooks (issue #46): the endpoints admins add, and the durable queue of their deliveries. A delivery row is
// written in (or right after) the transaction of what it reports, and kept until delivered or given up after a day;
// a process claims a row by setting `claimed_until` with a conditional update, so each is sent by one process at a
// time, and a killed process's claim runs out. Each endpoint's deliveries go out in id order.
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    // A JSON array of event types, each quoted, so `LIKE '%"solve"%'` finds the subscribers of one.
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('game_id', 'integer', (col) => col.references('games.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', id)
    .addColumn('endpoint_id', 'integer', (col) =>
      col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('game_id', 'integer')
    // The event's generic payload without its game's title (read when sent), as JSON.
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('next_at', 'bigint', (col) => col.notNull())
    .addColumn('claimed_until', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('response_status', 'integer')
    .addColumn('latency', 'integer')
    .addColumn('response', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_attempt_at', 'bigint')
    // A redelivery is a new row of the same event: `copy` tells them apart, so an event is queued once per endpoint.
    .addColumn('copy', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('webhook_deliveries_event', ['endpoint_id', 'event_id', 'copy'])
    .execute();
  // The worker's look-up: each endpoint's oldest pending delivery.
  await db.schema
    .createIndex('webhook_deliveries_pending')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'state', 'id'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
};
