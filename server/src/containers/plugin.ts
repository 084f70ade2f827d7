// Wires containers into the server: the provider from settings, the bookkeeping service (reaper running),
// and the platform proxy routes. The game layer reaches the service as `app.containers`.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ConfigStore } from '../services/config-store.ts';
import type { Settings } from '../settings.ts';
import { ContainerService } from './container-service.ts';
import { DockerProvider } from './docker-provider.ts';
import { ContainerProxy, registerProxy } from './proxy.ts';

declare module 'fastify' {
  interface FastifyInstance {
    containers: ContainerService;
    containerProxy: ContainerProxy;
  }
}

export const setupContainers = (
  app: FastifyInstance,
  { settings, db, config }: { settings: Settings; db: Kysely<Database>; config: ConfigStore },
): ContainerService => {
  const provider = new DockerProvider({
    host: settings.containers.dockerHost,
    publishHost: settings.containers.publishHost,
    publicHost: settings.containers.publicHost,
  });
  const containers = new ContainerService(db, config, provider, settings.portMapping, app.log);
  const proxy = new ContainerProxy({ containers, log: app.log });
  app.decorate('containers', containers);
  app.decorate('containerProxy', proxy);
  registerProxy(app, proxy);
  app.addHook('onReady', async () => containers.startReaper());
  app.addHook('onClose', async () => containers.stopReaper());
  return containers;
};
