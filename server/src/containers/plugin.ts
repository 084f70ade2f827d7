// Wires containers into the server: the provider from settings, the bookkeeping service (reaper running),
// and the platform proxy routes. The game layer reaches the service as `app.containers`.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { clientAddress } from '../raw-request/client-address.ts';
import type { ConfigStore } from '../services/config-store.ts';
import type { Settings } from '../settings.ts';
import { type CaptureMeta, TrafficCapture } from './capture.ts';
import { type ContainerRecord, ContainerService } from './container-service.ts';
import { DockerProvider } from './docker-provider.ts';
import { ContainerProxy, registerProxy } from './proxy.ts';

declare module 'fastify' {
  interface FastifyInstance {
    containers: ContainerService;
    containerProxy: ContainerProxy;
    captures: TrafficCapture;
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
    customNetwork: settings.containers.customNetwork,
    storageLimits: settings.containers.storageLimits,
  });
  const containers = new ContainerService(db, config, provider, settings.portMapping, app.log);
  const capture = new TrafficCapture({
    root: path.join(settings.dataDir, 'capture'),
    resolve: (record) => captureMeta(db, record),
    log: app.log,
  });
  if (settings.portMapping !== 'PlatformProxy') {
    app.log.debug('traffic capture needs port mapping PlatformProxy; it stays off');
  }
  const proxy = new ContainerProxy({
    containers,
    capture,
    clientAddress: (request) => clientAddress(request, settings.trustProxy),
    admit: async (address) => (await app.admitUnrouted?.(address)) ?? null,
    log: app.log,
  });
  containers.onDestroy((guid) => void capture.archive(guid));
  app.decorate('containers', containers);
  app.decorate('containerProxy', proxy);
  app.decorate('captures', capture);
  registerProxy(app, proxy);
  app.addHook('onReady', async () => containers.startReaper());
  app.addHook('onClose', async () => containers.stopReaper());
  // After the proxy's own close hook ended every session: archive what was recorded.
  app.addHook('onClose', async () => capture.flush());
  return containers;
};

/** Who a recorded container belongs to: its instance's challenge and team, and the team's flag. */
const captureMeta = async (
  db: Kysely<Database>,
  record: ContainerRecord,
): Promise<CaptureMeta | undefined> => {
  if (record.instance_id === null) return undefined;
  const row = await db
    .selectFrom('game_instances')
    .innerJoin('participations', 'participations.id', 'game_instances.participation_id')
    .innerJoin('teams', 'teams.id', 'participations.team_id')
    .innerJoin('challenges', 'challenges.id', 'game_instances.challenge_id')
    .select([
      'challenges.id as challengeId',
      'challenges.title as challenge',
      'participations.id as participationId',
      'teams.id as teamId',
      'teams.name as team',
      'game_instances.flag as flag',
    ])
    .where('game_instances.id', '=', record.instance_id)
    .executeTakeFirst();
  return row;
};
