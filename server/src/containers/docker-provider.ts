// The Docker-API provider (Docker, or podman's Docker-compatible service): one container per instance,
// started with an init process and stopped with SIGKILL, so a stop takes a fraction of a second.
import Docker from 'dockerode';
import {
  ContainerError,
  type ContainerProvider,
  type ContainerSpec,
  type ContainerState,
  type CreatedContainer,
  type ListedContainer,
  MANAGED_LABEL,
  type NetworkMode,
} from './provider.ts';

export interface DockerProviderOptions {
  /** A socket path (`/var/run/docker.sock`), `unix:///path`, or `tcp://host:port` / `http(s)://host:port`. */
  host: string;
  /** The host address ports are published on (default 0.0.0.0: every address). */
  publishHost?: string;
  /** The address players are told for published ports; default: the publish host, else the engine's, else 127.0.0.1. */
  publicHost?: string;
  /** The internal network for network mode Isolated, created on first use (default `pennon-isolated`). */
  isolatedNetwork?: string;
  /** The existing network for network mode Custom; without it Custom challenges cannot start. */
  customNetwork?: string;
  /**
   * Pass storage limits to the engine (`StorageOpt size`). Off by default: Docker and podman honour it
   * only on overlay over xfs with pquota (or btrfs/zfs), and refuse to create the container elsewhere.
   */
  storageLimits?: boolean;
}

const DEFAULT_PIDS = 1024;

/** '', 0.0.0.0 and :: mean "every address". */
const isWildcard = (address: string | undefined): boolean =>
  address === '' || address === '0.0.0.0' || address === '::';

/**
 * The HostIp a port is published on. A wildcard goes to the engine as '' ("every address", as in Docker):
 * podman's Docker-compatible API (4.3) hands "0.0.0.0" to netavark unchanged, and netavark before 1.6 writes it
 * into its DNAT rule as destination 0.0.0.0/32, which no packet has. The port is then held open by conmon but
 * forwards nothing, on 127.0.0.1 and on the host's own addresses alike. Podman's CLI sends '' for 0.0.0.0.
 */
const hostIp = (publishHost: string): string => (isWildcard(publishHost) ? '' : publishHost);

export const dockerConnection = (host: string): Docker.DockerOptions => {
  if (host.startsWith('/')) return { socketPath: host };
  if (host.startsWith('unix://')) return { socketPath: host.slice('unix://'.length) };
  const url = new URL(host.replace(/^tcp:\/\//, 'http://'));
  return {
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 2376 : 2375)),
  };
};

const statusOf = (error: unknown): number | undefined => (error as { statusCode?: number }).statusCode;

const isUnreachable = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ECONNREFUSED' || code === 'EACCES' || code === 'EHOSTUNREACH';
};

export class DockerProvider implements ContainerProvider {
  readonly kind = 'Docker';
  readonly docker: Docker;
  private readonly publishHost: string;
  private readonly publicHost: string | undefined;
  /** The isolated network's creation, shared by concurrent starts. */
  private isolated: Promise<void> | undefined;

  constructor(private readonly options: DockerProviderOptions) {
    this.docker = new Docker(dockerConnection(options.host));
    this.publishHost = options.publishHost ?? '0.0.0.0';
    const engineHost =
      options.host.startsWith('/') || options.host.startsWith('unix:') ? undefined : host(options.host);
    this.publicHost = options.publicHost ?? (isWildcard(this.publishHost) ? engineHost : this.publishHost);
  }

  /** The engine network a mode runs on; undefined for the engine's default. */
  private async networkFor(mode: NetworkMode = 'Open'): Promise<string | undefined> {
    if (mode === 'Open') return undefined;
    if (mode === 'Custom') {
      if (!this.options.customNetwork) {
        throw new ContainerError(
          'failed',
          'Network mode Custom needs a network: set PENNON_DOCKER_CUSTOM_NETWORK to an existing engine network',
        );
      }
      return this.options.customNetwork;
    }
    const name = this.options.isolatedNetwork ?? 'pennon-isolated';
    this.isolated ??= this.ensureInternalNetwork(name).catch((error: unknown) => {
      this.isolated = undefined; // try again next time
      throw this.wrap(error, `Creating the isolated network ${name} failed`);
    });
    await this.isolated;
    return name;
  }

  private async ensureInternalNetwork(name: string): Promise<void> {
    const existing = await this.docker.listNetworks({ filters: { name: [name] } });
    if (existing.some((network) => network.Name === name)) return;
    try {
      await this.docker.createNetwork({ Name: name, Internal: true, Labels: { [MANAGED_LABEL]: 'true' } });
    } catch (error) {
      if (statusOf(error) !== 409) throw error; // another server created it meanwhile
    }
  }

  private wrap(error: unknown, what: string): ContainerError {
    if (error instanceof ContainerError) return error;
    if (isUnreachable(error)) {
      return new ContainerError(
        'engine-unavailable',
        `The container engine at ${this.options.host} does not answer (${(error as Error).message}); ` +
          'start Docker or podman (scripts/container-engine-up.sh) or set PENNON_DOCKER_HOST',
        { cause: error },
      );
    }
    return new ContainerError('failed', `${what}: ${(error as Error).message}`, { cause: error });
  }

  async create(spec: ContainerSpec): Promise<CreatedContainer> {
    const portKey = `${spec.exposedPort}/tcp`;
    const env = Object.entries(spec.env)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${value}`);
    const network = await this.networkFor(spec.network);
    const storage = this.options.storageLimits && spec.storageMb ? spec.storageMb : 0;
    let container: Docker.Container;
    try {
      container = await this.docker.createContainer({
        ...(spec.name && { name: spec.name }),
        Image: spec.image,
        ...(spec.command && { Cmd: spec.command }),
        Env: env,
        Labels: { ...spec.labels, [MANAGED_LABEL]: 'true' },
        ExposedPorts: { [portKey]: {} },
        StopSignal: 'SIGKILL',
        HostConfig: {
          Init: true,
          Memory: spec.memoryMb * 1024 * 1024,
          NanoCpus: Math.round(spec.cpuCount * 100_000_000),
          PidsLimit: spec.processLimit ?? DEFAULT_PIDS,
          ...(network && { NetworkMode: network }),
          ...(storage > 0 && { StorageOpt: { size: `${storage}M` } }),
          ...(spec.publish && {
            PortBindings: { [portKey]: [{ HostIp: hostIp(this.publishHost), HostPort: '' }] },
          }),
        },
      });
    } catch (error) {
      if (statusOf(error) === 404) {
        throw new ContainerError(
          'image-missing',
          `Image "${spec.image}" is not on the container engine: build or load it there ` +
            '(docker/podman build -t localhost/NAME .) or make its registry reachable',
          { cause: error },
        );
      }
      throw this.wrap(error, `Creating a container from ${spec.image} failed`);
    }
    try {
      await container.start();
      const info = await container.inspect();
      const networks = Object.values(info.NetworkSettings.Networks ?? {});
      const ip =
        (info.NetworkSettings as { IPAddress?: string }).IPAddress ||
        networks.find((n) => n.IPAddress)?.IPAddress;
      if (!ip) throw new ContainerError('failed', `Container ${info.Id} started without an IP address`);
      const binding = spec.publish ? info.NetworkSettings.Ports?.[portKey]?.[0] : undefined;
      const publicPort = binding?.HostPort ? Number(binding.HostPort) : undefined;
      if (spec.publish && !publicPort) {
        throw new ContainerError('failed', `Container ${info.Id} started without a published port`);
      }
      const publicIp = this.publicHost ?? (isWildcard(binding?.HostIp) ? undefined : binding?.HostIp);
      return {
        id: info.Id,
        ip,
        port: spec.exposedPort,
        ...(publicPort !== undefined && { publicIp: publicIp ?? '127.0.0.1', publicPort }),
      };
    } catch (error) {
      await container.remove({ force: true }).catch(() => undefined);
      throw this.wrap(error, `Starting a container from ${spec.image} failed`);
    }
  }

  async destroy(id: string): Promise<void> {
    try {
      await this.docker.getContainer(id).remove({ force: true });
    } catch (error) {
      if (statusOf(error) === 404) return;
      throw this.wrap(error, `Removing container ${id} failed`);
    }
  }

  async inspect(id: string): Promise<ContainerState> {
    try {
      const info = await this.docker.getContainer(id).inspect();
      return info.State.Running ? 'running' : 'stopped';
    } catch (error) {
      if (statusOf(error) === 404) return 'gone';
      throw this.wrap(error, `Inspecting container ${id} failed`);
    }
  }

  async list(labels: Record<string, string>): Promise<ListedContainer[]> {
    try {
      const found = await this.docker.listContainers({
        all: true,
        filters: { label: Object.entries(labels).map(([k, v]) => `${k}=${v}`) },
      });
      return found.map((c) => ({
        id: c.Id,
        state: c.State === 'running' ? 'running' : 'stopped',
        labels: c.Labels ?? {},
      }));
    } catch (error) {
      throw this.wrap(error, 'Listing containers failed');
    }
  }
}

const host = (url: string): string => new URL(url.replace(/^tcp:\/\//, 'http://')).hostname;
