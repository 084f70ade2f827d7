// Webhooks (admin): endpoints that receive the platform's events, signed, from a durable queue (issue #46).
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointInput } from '../contract/models/webhooks.ts';
import { webhooks as r } from '../contract/routes/webhooks.ts';
import type { CallOptions, Requester } from '../transport/transport.ts';

/**
 * The webhook calls, as `client.webhooks` has them: Pennon's webhook endpoints, their deliveries, redelivery and test events (admin only).
 */
export interface WebhooksApi {
  /** GET /api/admin/webhooks: every endpoint, with its secret and how many deliveries wait. */
  list(options?: CallOptions): Promise<WebhookEndpoint[]>;
  /**
   * POST /api/admin/webhooks: add an endpoint; without a `secret` one is generated.
   *
   * @example
   * await client.webhooks.create({
   *   name: 'Discord', url: 'https://discord.com/api/webhooks/…', format: 'discord', locale: 'en-US',
   *   events: ['blood.first', 'notice.published'], gameId: null, enabled: true,
   * });
   */
  create(body: WebhookEndpointInput, options?: CallOptions): Promise<WebhookEndpoint>;
  /** PUT /api/admin/webhooks/{id}: change an endpoint; a left-out secret is kept. */
  update(id: number, body: WebhookEndpointInput, options?: CallOptions): Promise<WebhookEndpoint>;
  /** DELETE /api/admin/webhooks/{id}: delete an endpoint and its deliveries. */
  delete(id: number, options?: CallOptions): Promise<void>;
  /** GET /api/admin/webhooks/{id}/deliveries: the endpoint's deliveries, newest first. */
  deliveries(
    id: number,
    query?: { count?: number; skip?: number },
    options?: CallOptions,
  ): Promise<WebhookDelivery[]>;
  /** POST …/deliveries/{deliveryId}/redeliver: queue the delivery's event again, as a new delivery. */
  redeliver(id: number, deliveryId: number, options?: CallOptions): Promise<WebhookDelivery>;
  /** POST /api/admin/webhooks/{id}/test: queue a `ping` event to the endpoint. */
  test(id: number, options?: CallOptions): Promise<WebhookDelivery>;
}

/** The webhook group over a requester (see `createRequester`), for a script that needs only it. */
export const createWebhooksApi = (request: Requester): WebhooksApi => ({
  list: (options) => request(r.list, options),
  create: (body, options) => request(r.create, { ...options, body }),
  update: (id, body, options) => request(r.update, { ...options, params: { id }, body }),
  delete: (id, options) => request(r.delete, { ...options, params: { id } }),
  deliveries: (id, query, options) =>
    request(r.deliveries, { ...options, params: { id }, query: query ?? {} }),
  redeliver: (id, deliveryId, options) => request(r.redeliver, { ...options, params: { id, deliveryId } }),
  test: (id, options) => request(r.test, { ...options, params: { id } }),
});
