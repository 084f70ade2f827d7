// §2.2 Admin: the platform configuration. Users, teams and the rest of the group come with their features.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { mount } from '../http/mount.ts';
import type { ConfigStore } from '../services/config-store.ts';

export const adminApi = async (app: FastifyInstance, { config }: { config: ConfigStore }) => {
  const { admin } = routes;

  mount(app, admin.config, () => config.read());

  // The contract schema already refused out-of-range values with a 400 envelope.
  mount(app, admin.updateConfig, async (request) => {
    await config.update(request.body);
    return undefined;
  });
};
