import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DockerProvider, dockerConnection } from '../../src/containers/docker-provider.ts';
import { ContainerError, type ContainerSpec, MANAGED_LABEL } from '../../src/containers/provider.ts';
import { engineSocket, FLAG_PORT, flagSpec, readAll, requireEngine, testProvider } from './engine.ts';

const provider = testProvider();
const created: string[] = [];

beforeAll(requireEngine);
afterAll(async () => {
  await Promise.all(created.map((id) => provider.destroy(id)));
});

describe('Docker provider on the real engine', () => {
  it('runs a challenge container that serves the flag it was given, within its limits, until destroyed', async () => {
    const flag = `flag{${randomUUID()}}`;
    const container = await provider.create(flagSpec(flag));
    created.push(container.id);
    expect(container.publicIp).toBe('127.0.0.1');
    expect(container.publicPort).toBeGreaterThan(0);
    expect(container.port).toBe(9999);
    expect(container.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);

    expect((await readAll('127.0.0.1', container.publicPort ?? 0)).trim()).toBe(flag);
    // The internal address serves too: that is where the platform proxy connects.
    expect((await readAll(container.ip, container.port)).trim()).toBe(flag);

    const info = await provider.docker.getContainer(container.id).inspect();
    expect(info.HostConfig.Memory).toBe(64 * 1024 * 1024);
    expect(info.HostConfig.NanoCpus).toBe(500_000_000);
    expect(info.HostConfig.PidsLimit).toBe(64);
    expect(info.Config.Env).toEqual(
      expect.arrayContaining([
        `GZCTF_FLAG=${flag}`,
        'GZCTF_TEAM_ID=7',
        'GZCTF_CHALLENGE_ID=3',
        'GZCTF_GAME_ID=1',
      ]),
    );
    expect(info.Config.Labels).toMatchObject({ 'pennon.test': 'true', [MANAGED_LABEL]: 'true' });
    expect(await provider.inspect(container.id)).toBe('running');
    const listed = await provider.list({ 'pennon.test': 'true' });
    expect(listed.map((c) => c.id)).toContain(container.id);

    const started = performance.now();
    await provider.destroy(container.id);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(await provider.inspect(container.id)).toBe('gone');
    // Destroying what is already gone is not an error.
    await provider.destroy(container.id);
  });

  it('keeps the port internal when not publishing', async () => {
    const container = await provider.create(flagSpec('flag{internal}', { publish: false }));
    created.push(container.id);
    expect(container.publicPort).toBeUndefined();
    expect((await readAll(container.ip, container.port)).trim()).toBe('flag{internal}');
  });

  it('says plainly when the image is missing', async () => {
    const error = await provider
      .create(flagSpec('x', { image: 'localhost/pennon-no-such-image:latest' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContainerError);
    expect((error as ContainerError).kind).toBe('image-missing');
    expect((error as Error).message).toMatch(/pennon-no-such-image/);
  });

  it('says plainly when the engine does not answer', async () => {
    const absent = new DockerProvider({ host: '/nonexistent/docker.sock' });
    const error = await absent.create(flagSpec('x')).catch((e: unknown) => e);
    expect((error as ContainerError).kind).toBe('engine-unavailable');
    expect((error as Error).message).toMatch(/PENNON_DOCKER_HOST/);
  });

  it('reads the engine address as a socket path or a URL', () => {
    expect(dockerConnection('/var/run/docker.sock')).toEqual({ socketPath: '/var/run/docker.sock' });
    expect(dockerConnection('unix:///run/podman.sock')).toEqual({ socketPath: '/run/podman.sock' });
    expect(dockerConnection('tcp://10.0.0.5:2375')).toEqual({
      protocol: 'http',
      host: '10.0.0.5',
      port: 2375,
    });
  });

  describe('network modes', () => {
    /** A container that tells each connection its routing table. */
    const routesOf = async (network: ContainerSpec['network'], on = provider) => {
      const container = await on.create(
        flagSpec('x', {
          publish: false,
          network,
          command: ['sh', '-c', `while true; do ip route | nc -l -p ${FLAG_PORT}; done`],
        }),
      );
      created.push(container.id);
      return { container, routes: await readAll(container.ip, container.port) };
    };

    it('Open keeps a route out; Isolated has none beyond its own subnet', async () => {
      expect((await routesOf('Open')).routes).toMatch(/^default via/m);
      const isolated = await routesOf('Isolated');
      expect(isolated.routes).not.toBe('');
      expect(isolated.routes).not.toMatch(/default/);
      const info = await provider.docker.getContainer(isolated.container.id).inspect();
      expect(Object.keys(info.NetworkSettings.Networks)).toEqual(['pennon-isolated']);
    });

    it('Custom runs on the network the operator named, and says so when none is set', async () => {
      const error = await provider.create(flagSpec('x', { network: 'Custom' })).catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/PENNON_DOCKER_CUSTOM_NETWORK/);

      const name = `pennon-test-custom-${randomUUID().slice(0, 8)}`;
      const network = await provider.docker.createNetwork({ Name: name });
      try {
        const custom = new DockerProvider({ host: engineSocket, customNetwork: name });
        const { container } = await routesOf('Custom', custom);
        const info = await provider.docker.getContainer(container.id).inspect();
        expect(Object.keys(info.NetworkSettings.Networks)).toEqual([name]);
        await custom.destroy(container.id);
      } finally {
        await network.remove();
      }
    });
  });

  it('hands storage limits to the engine only when told to', async () => {
    const plain = await provider.create(flagSpec('x', { storageMb: 256 }));
    created.push(plain.id);
    expect((await provider.docker.getContainer(plain.id).inspect()).HostConfig.StorageOpt ?? {}).toEqual({});

    // Whether the engine can enforce it depends on its storage driver; either it does, or it says why not.
    const limited = new DockerProvider({ host: engineSocket, storageLimits: true });
    const outcome = await limited.create(flagSpec('x', { storageMb: 256 })).catch((e: unknown) => e);
    if (outcome instanceof ContainerError) {
      expect(outcome.message).toMatch(/storage/i);
    } else {
      const { id } = outcome as { id: string };
      created.push(id);
      expect((await provider.docker.getContainer(id).inspect()).HostConfig.StorageOpt).toEqual({
        size: '256M',
      });
    }
  });
});
