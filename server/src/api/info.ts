// §2.7 Info: what any visitor may read about the platform.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { mount } from '../http/mount.ts';
import type { ConfigStore } from '../services/config-store.ts';

export const infoApi = async (app: FastifyInstance, { config }: { config: ConfigStore }) => {
  mount(app, routes.info.config, () => config.clientConfig());
};
