// What the platform needs from a container engine, kept small so that a Kubernetes provider can stand in
// for Docker without callers changing: create a challenge container, destroy it, ask whether it still runs, list.

/** The variables a challenge container receives (§4.8); only those with a value are set. */
export interface ChallengeEnv {
  GZCTF_FLAG?: string;
  GZCTF_TEAM_ID?: string;
  GZCTF_USER_ID?: string;
  GZCTF_CHALLENGE_ID?: string;
  GZCTF_GAME_ID?: string;
}

export interface ContainerSpec {
  /** Image reference; local images need no registry (`localhost/name:tag` after a build or load). */
  image: string;
  env: ChallengeEnv;
  /** The TCP port the challenge listens on inside the container. */
  exposedPort: number;
  /** Memory limit in MB. */
  memoryMb: number;
  /** CPU limit in tenths of a CPU (GZ::CTF's `cpuCount`: 10 = one CPU). */
  cpuCount: number;
  /** Most processes (pids) the container may run; unset: the provider's default (1024). */
  processLimit?: number;
  /** Writable-layer size in MB (GZ::CTF's `storageLimit`); 0 or unset: none. Enforced only where the provider can. */
  storageMb?: number;
  /**
   * Open (default): the engine's default network, with a route out. Isolated: a network without a route
   * beyond its subnet, so the container reaches neither the internet nor the host's other networks.
   * Custom: the network the operator configured for the provider.
   */
  network?: NetworkMode;
  /** Publish the port on the engine host (port mapping Default); without it only the internal address serves. */
  publish: boolean;
  /** Labels to find the container by; the provider adds its own. */
  labels: Record<string, string>;
  /** A name for the container, unique on the engine (e.g. derived from the platform's GUID). */
  name?: string;
  /** Overrides the image's command (tests, admin test containers). */
  command?: string[];
}

export type NetworkMode = 'Open' | 'Isolated' | 'Custom';

export interface CreatedContainer {
  /** The engine's id, for destroy and inspect. */
  id: string;
  /** The platform GUID, when the provider assigned or kept one. */
  guid?: string;
  /** Where the platform (and its proxy) reaches the service. */
  ip: string;
  port: number;
  /** Where players reach it when the port is published. */
  publicIp?: string;
  publicPort?: number;
}

/** `gone`: the engine no longer knows the container (removed, or lost with its node). */
export type ContainerState = 'running' | 'stopped' | 'gone';

export interface ListedContainer {
  id: string;
  state: Exclude<ContainerState, 'gone'>;
  labels: Record<string, string>;
}

export type ContainerErrorKind = 'image-missing' | 'engine-unavailable' | 'failed';

export class ContainerError extends Error {
  override name = 'ContainerError';
  constructor(
    readonly kind: ContainerErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface ContainerProvider {
  /** `Docker` or `Kubernetes`: what the admin pages show. */
  readonly kind: string;
  /** Creates and starts the container; resolves once its address is known. Throws ContainerError. */
  create(spec: ContainerSpec): Promise<CreatedContainer>;
  /** Stops and removes it at once; a container already gone is not an error. */
  destroy(id: string): Promise<void>;
  inspect(id: string): Promise<ContainerState>;
  /** Containers carrying all of these labels (those this platform created carry `pennon.managed=true`). */
  list(labels: Record<string, string>): Promise<ListedContainer[]>;
}

export const MANAGED_LABEL = 'pennon.managed';
export const GUID_LABEL = 'pennon.guid';
