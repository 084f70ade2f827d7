// Pennon's webhooks (admin): endpoints, their deliveries, redelivery and a test event.
import Type from 'typebox';
import { WebhookDelivery, WebhookEndpoint, WebhookEndpointInput } from '../models/webhooks.ts';
import type { EndpointSchemas } from '../route.ts';
import { Id, Paging } from '../schema.ts';

const byId = Type.Object({ id: Id });

export const webhooks = {
  list: { summary: 'Every webhook endpoint', response: Type.Array(WebhookEndpoint) },
  create: { summary: 'Add a webhook endpoint', body: WebhookEndpointInput, response: WebhookEndpoint },
  update: {
    summary: 'Change a webhook endpoint (a left-out secret is kept)',
    params: byId,
    body: WebhookEndpointInput,
    response: WebhookEndpoint,
  },
  delete: { summary: 'Delete a webhook endpoint and its deliveries', params: byId },
  deliveries: {
    summary: "An endpoint's deliveries, newest first",
    params: byId,
    query: Type.Object(Paging({ max: 200, default: 50 })),
    response: Type.Array(WebhookDelivery),
  },
  redeliver: {
    summary: 'Send a delivery again, as a new delivery of the same event',
    params: Type.Object({ id: Id, deliveryId: Id }),
    response: WebhookDelivery,
  },
  test: { summary: 'Queue a ping event to the endpoint', params: byId, response: WebhookDelivery },
} satisfies Record<string, EndpointSchemas>;
