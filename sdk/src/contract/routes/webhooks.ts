// Pennon's webhooks (admin): endpoints, their deliveries, redelivery and a test event.
import { endpoints } from '../route.ts';
import type { webhooks as schemas } from '../schemas/webhooks.ts';

/**
 * Pennon only: the webhook routes (exported as `webhooksRoutes`): endpoints, their deliveries, redelivery
 * and a test event.
 */
export const webhooks = endpoints<typeof schemas>()({
  list: { method: 'GET', path: '/api/admin/webhooks', auth: 'admin', response: 'json' },
  create: { method: 'POST', path: '/api/admin/webhooks', auth: 'admin', response: 'json' },
  update: { method: 'PUT', path: '/api/admin/webhooks/{id}', auth: 'admin', response: 'json' },
  delete: { method: 'DELETE', path: '/api/admin/webhooks/{id}', auth: 'admin', response: 'empty' },
  deliveries: {
    method: 'GET',
    path: '/api/admin/webhooks/{id}/deliveries',
    auth: 'admin',
    response: 'json',
    paged: { count: 200 },
  },
  redeliver: {
    method: 'POST',
    path: '/api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver',
    auth: 'admin',
    response: 'json',
  },
  test: { method: 'POST', path: '/api/admin/webhooks/{id}/test', auth: 'admin', response: 'json' },
});
