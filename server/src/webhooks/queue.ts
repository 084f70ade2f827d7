// The webhook queue's writing end: an event becomes one delivery row per endpoint that wants it, in one INSERT run in
// the transaction of what it reports (the judge's) or right after it. Sending is the dispatcher's, in the background.
import { randomUUID } from 'node:crypto';
import type { WebhookEventData, WebhookEventType } from '@pennon/sdk/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** An event as queued: the generic payload but its game's title, read when it is sent. */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  time: number;
  gameId: number | null;
  data: WebhookEventData;
}

export const webhookEvent = (
  type: WebhookEventType,
  gameId: number | null,
  data: WebhookEventData,
  time: number = Date.now(),
  id: string = randomUUID(),
): WebhookEvent => ({ id, type, time, gameId, data });

export class WebhookQueue {
  readonly #wakers: (() => void)[] = [];

  constructor(private readonly db: Kysely<Database>) {}

  /** Whether any endpoint is on, as `db` (a transaction, whose own view counts) sees it. */
  async anyEnabled(db: Kysely<Database> = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('enabled', '=', 1)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Called after events were queued in this process, so its dispatcher looks at once. */
  onQueued(waker: () => void): void {
    this.#wakers.push(waker);
  }

  /** The dispatcher's look: woken after the caller's transaction, which the rows wait for. */
  wake(): void {
    for (const waker of this.#wakers) waker();
  }

  /**
   * Queues events to every enabled endpoint that wants them (its events, its game), in one statement on `db`, a
   * transaction or not. An event id already queued to an endpoint is not queued again.
   */
  async enqueue(db: Kysely<Database>, events: WebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map(
      (e) =>
        sql`(${e.id}, ${e.type}, CAST(${e.gameId} AS integer), ${JSON.stringify({ id: e.id, type: e.type, time: e.time, data: e.data })}, CAST(${e.time} AS bigint))`,
    );
    // VALUES columns are column1…column5 on both engines.
    await sql`
      INSERT INTO webhook_deliveries (endpoint_id, event_id, type, game_id, payload, state, created_at, next_at)
      SELECT w.id, v.column1, v.column2, v.column3, v.column4, 'pending', v.column5, v.column5
      FROM webhook_endpoints w, (VALUES ${sql.join(rows)}) AS v
      WHERE w.enabled = 1
        AND (w.game_id IS NULL OR w.game_id = v.column3)
        AND w.events LIKE '%"' || v.column2 || '"%'
      ON CONFLICT DO NOTHING`.execute(db);
  }

  /** Queues events outside any transaction, and wakes the dispatcher: for the emitters besides the judge. */
  async emit(...events: WebhookEvent[]): Promise<void> {
    await this.enqueue(this.db, events);
    this.wake();
  }
}
