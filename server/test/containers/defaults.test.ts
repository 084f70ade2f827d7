// The container settings as shipped (§4.10, port mapping Default): with no PENNON_CONTAINER_BIND_HOST and no
// PENNON_CONTAINER_PUBLIC_HOST, a player's container answers at the entry the platform shows, and on this host's
// own network address too, which is what an organiser names in PENNON_CONTAINER_PUBLIC_HOST to expose it.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DockerProvider } from '../../src/containers/docker-provider.ts';
import { gameBody, gameClient, type Player, signInAdmin } from '../games/helpers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { databaseKinds } from '../support/databases.ts';
import {
  converse,
  engineSocket,
  ensureServiceImage,
  flagSpec,
  readAll,
  requireEngine,
  SERVICE_PORT,
} from './engine.ts';

const sqlite = databaseKinds()[0];
if (!sqlite) throw new Error('no database kind');

/** This machine's own non-loopback IPv4 address (where players from elsewhere arrive), if it has one. */
const ownAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

describe('challenge containers with the shipped container settings', () => {
  let t: TestApp;
  let c: ReturnType<typeof gameClient>;
  let ann: Player;
  let gameId: number;
  let challengeId: number;

  beforeAll(async () => {
    await requireEngine();
    const image = await ensureServiceImage();
    // Only where the engine is: no bind host, no public host.
    t = await startTestApp(sqlite, { PENNON_DOCKER_HOST: engineSocket });
    const admin = await signInAdmin(t.app, t.connection.db);
    c = gameClient(t.app);
    ann = await c.signUp('ann');
    const teamId = await c.createTeam(ann, 'alpha');
    gameId = (await c.ok(admin, 'POST', '/api/edit/games', gameBody({ acceptWithoutReview: true }))).id;
    const base = `/api/edit/games/${gameId}/challenges`;
    challengeId = (
      await c.ok(admin, 'POST', base, { title: 'box', type: 'DynamicContainer', category: 'Pwn' })
    ).id;
    await c.ok(admin, 'PUT', `${base}/${challengeId}`, {
      flagTemplate: 'flag{[TEAM_HASH]}',
      containerImage: image,
      exposePort: SERVICE_PORT,
      memoryLimit: 64,
      cpuCount: 5,
      isEnabled: true,
    });
    await c.ok(ann.token, 'POST', `/api/game/${gameId}`, { teamId });
  });
  afterAll(async () => {
    if (!t) return;
    const rows = await t.connection.db.selectFrom('containers').select('id').execute();
    await Promise.all(rows.map((row) => t.app.containers.stop(row.id)));
    await t.close();
  });

  it('serves the player their flag at the entry shown, and on the host address', async () => {
    const info = await c.ok(ann.token, 'POST', `/api/game/${gameId}/container/${challengeId}`);
    expect(info).toMatchObject({ status: 'Running', entry: expect.stringMatching(/^127\.0\.0\.1:\d+$/) });
    const [host = '', port = ''] = info.entry.split(':');
    const { flag: instanceFlag } = await t.connection.db
      .selectFrom('game_instances')
      .select('flag')
      .where('challenge_id', '=', challengeId)
      .executeTakeFirstOrThrow();
    expect(instanceFlag).toMatch(/^flag\{[0-9a-f]{12}\}$/);

    const { flag, echo } = await converse(host, Number(port), 'hello');
    expect(flag).toBe(instanceFlag);
    expect(echo).toBe('echo:hello');
    // Published on every address: a player elsewhere arrives at the host's own address.
    if (ownAddress) expect((await converse(ownAddress, Number(port), 'remote')).flag).toBe(instanceFlag);
  });

  it.skipIf(!ownAddress)('tells players the public host once it is set, and answers there', async () => {
    const provider = new DockerProvider({ host: engineSocket, publicHost: ownAddress });
    const container = await provider.create(flagSpec('flag{public}'));
    try {
      expect(container.publicIp).toBe(ownAddress);
      expect((await readAll(ownAddress ?? '', container.publicPort ?? 0)).trim()).toBe('flag{public}');
    } finally {
      await provider.destroy(container.id);
    }
  });
});
