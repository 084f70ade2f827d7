// Webhooks (issue #46, Pennon's): admins keep the endpoints, see their deliveries, redeliver one and send a test.
import { webhooksRoutes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../http/audit.ts';
import { mount } from '../http/mount.ts';
import type { WebhookEndpoints } from '../webhooks/endpoints.ts';

export const webhooksApi = async (app: FastifyInstance, { endpoints }: { endpoints: WebhookEndpoints }) => {
  const routes = webhooksRoutes;
  mount(app, routes.list, async () => endpoints.list());
  mount(app, routes.create, async (request) => {
    const created = await endpoints.create(request.body);
    await audit(request, 'Information', `Added webhook endpoint #${created.id} (${created.name})`);
    return created;
  });
  mount(app, routes.update, async (request) => {
    const changed = await endpoints.update(request.params.id, request.body);
    await audit(request, 'Information', `Changed webhook endpoint #${changed.id} (${changed.name})`);
    return changed;
  });
  mount(app, routes.delete, async (request) => {
    const deleted = await endpoints.delete(request.params.id);
    await audit(request, 'Information', `Deleted webhook endpoint #${deleted.id} (${deleted.name})`);
    return undefined;
  });
  mount(app, routes.deliveries, async (request) =>
    endpoints.deliveries(request.params.id, request.query.count ?? 50, request.query.skip ?? 0),
  );
  mount(app, routes.redeliver, async (request) =>
    endpoints.redeliver(request.params.id, request.params.deliveryId),
  );
  mount(app, routes.test, async (request) => endpoints.test(request.params.id));
};
