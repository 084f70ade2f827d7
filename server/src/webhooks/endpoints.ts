// The webhook endpoints admins keep, and what the admin page shows of their deliveries.
import { randomBytes } from 'node:crypto';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEventType,
} from '@pennon/sdk/contract';
import { FALLBACK_LOCALE } from '@pennon/sdk/locales';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, WebhookDeliveriesTable, WebhookEndpointsTable } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { matrixSendPath } from './formats.ts';
import { type WebhookQueue, webhookEvent } from './queue.ts';

const endpointNotFound = () => new DomainError(404, 'Webhook endpoint not found');

const deliveryModel = (row: Selectable<WebhookDeliveriesTable>): WebhookDelivery => ({
  id: row.id,
  eventId: row.event_id,
  type: row.type as WebhookEventType,
  state: row.state as WebhookDelivery['state'],
  attempts: row.attempts,
  createdAt: row.created_at,
  nextAt: row.next_at,
  responseStatus: row.response_status,
  latency: row.latency,
  response: row.response,
  lastAttemptAt: row.last_attempt_at,
});

const endpointModel = (row: Selectable<WebhookEndpointsTable>, pending: number): WebhookEndpoint => ({
  id: row.id,
  name: row.name,
  url: row.url,
  secret: row.secret,
  format: row.format as WebhookEndpoint['format'],
  locale: row.locale as WebhookEndpoint['locale'],
  events: JSON.parse(row.events) as WebhookEventType[],
  gameId: row.game_id,
  enabled: row.enabled === 1,
  createdAt: row.created_at,
  pending,
});

/** Refuses a URL a delivery could never succeed on: not http(s), or not the chat API's shape its format needs. */
const checkUrl = (url: string, format: WebhookEndpointInput['format']): void => {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {}
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:')
    throw new DomainError(400, 'A webhook URL starts with http:// or https://');
  if (format === 'telegram' && !parsed.searchParams.get('chat_id'))
    throw new DomainError(400, 'A Telegram URL names its chat: …/sendMessage?chat_id=<chat>');
  if (format === 'matrix' && !matrixSendPath.test(parsed.pathname))
    throw new DomainError(400, 'A Matrix URL is …/_matrix/client/v3/rooms/<room>/send/m.room.message');
};

export class WebhookEndpoints {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly queue: WebhookQueue,
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<WebhookEndpoint[]> {
    const rows = await this.db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
    const pending = await this.db
      .selectFrom('webhook_deliveries')
      .select(['endpoint_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('state', '=', 'pending')
      .groupBy('endpoint_id')
      .execute();
    const counts = new Map(pending.map((p) => [p.endpoint_id, Number(p.n)]));
    return rows.map((row) => endpointModel(row, counts.get(row.id) ?? 0));
  }

  async get(id: number): Promise<WebhookEndpoint> {
    const found = (await this.list()).find((e) => e.id === id);
    if (!found) throw endpointNotFound();
    return found;
  }

  private async values(input: WebhookEndpointInput) {
    checkUrl(input.url, input.format);
    const gameId = input.gameId ?? null;
    if (gameId !== null) {
      const game = await this.db.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst();
      if (!game) throw new DomainError(404, 'Game not found');
    }
    return {
      name: input.name.trim(),
      url: input.url,
      format: input.format,
      locale: input.locale ?? FALLBACK_LOCALE,
      events: JSON.stringify(input.events),
      game_id: gameId,
      enabled: input.enabled ? 1 : 0,
    };
  }

  async create(input: WebhookEndpointInput): Promise<WebhookEndpoint> {
    const { id } = await this.db
      .insertInto('webhook_endpoints')
      .values({
        ...(await this.values(input)),
        secret: input.secret ?? randomBytes(24).toString('base64url'),
        created_at: this.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.get(id);
  }

  async update(id: number, input: WebhookEndpointInput): Promise<WebhookEndpoint> {
    const values = await this.values(input);
    const { numUpdatedRows } = await this.db
      .updateTable('webhook_endpoints')
      .set({ ...values, ...(input.secret && { secret: input.secret }) })
      .where('id', '=', id)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) throw endpointNotFound();
    return this.get(id);
  }

  async delete(id: number): Promise<WebhookEndpoint> {
    const endpoint = await this.get(id);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
      await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    });
    return endpoint;
  }

  async deliveries(id: number, count: number, skip: number): Promise<WebhookDelivery[]> {
    await this.get(id);
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', id)
      .orderBy('id', 'desc')
      .limit(count)
      .offset(skip)
      .execute();
    return rows.map(deliveryModel);
  }

  /** A new delivery of the same event to the endpoint, at the end of its queue. */
  async redeliver(id: number, deliveryId: number): Promise<WebhookDelivery> {
    const source = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', deliveryId)
      .where('endpoint_id', '=', id)
      .executeTakeFirst();
    if (!source) throw new DomainError(404, 'Webhook delivery not found');
    const copies = await this.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.max('copy').as('copy'))
      .where('endpoint_id', '=', id)
      .where('event_id', '=', source.event_id)
      .executeTakeFirstOrThrow();
    const now = this.now();
    return this.insert({
      endpoint_id: id,
      event_id: source.event_id,
      type: source.type,
      game_id: source.game_id,
      payload: source.payload,
      copy: Number(copies.copy ?? 0) + 1,
      created_at: now,
      next_at: now,
      state: 'pending',
    });
  }

  /** Queues a `ping` to the endpoint (enabled or not: the dispatcher sends only enabled endpoints' deliveries). */
  async test(id: number): Promise<WebhookDelivery> {
    await this.get(id);
    const event = webhookEvent('ping', null, { message: 'A test event from Pennon' }, this.now());
    return this.insert({
      endpoint_id: id,
      event_id: event.id,
      type: event.type,
      game_id: null,
      payload: JSON.stringify({ id: event.id, type: event.type, time: event.time, data: event.data }),
      created_at: event.time,
      next_at: event.time,
      state: 'pending',
    });
  }

  private async insert(values: Insertable<WebhookDeliveriesTable>): Promise<WebhookDelivery> {
    const row = await this.db
      .insertInto('webhook_deliveries')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
    this.queue.wake();
    return deliveryModel(row);
  }
}
