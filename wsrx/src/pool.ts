// All tunnels of the daemon, keyed by their bound local address. Each scope sees only its own.
import { resolveLocal } from './address.ts';
import { HttpError } from './errors.ts';
import type { Logger } from './log.ts';
import { parseRemote } from './remote.ts';
import { defaultLabel, Tunnel } from './tunnel.ts';

export interface AddTunnelRequest {
  label?: unknown;
  remote: unknown;
  local: unknown;
}

export interface PoolOptions {
  log: Logger;
  maxConnectionsPerTunnel?: number;
  /** Called after a tunnel is created (the pingfall worker probes it at once). */
  onAdded?: (tunnel: Tunnel) => void;
}

export class TunnelPool {
  readonly #tunnels = new Map<string, Tunnel>();

  constructor(private readonly options: PoolOptions) {}

  list(scopeHost?: string): Tunnel[] {
    const all = [...this.#tunnels.values()];
    return scopeHost === undefined ? all : all.filter((tunnel) => tunnel.scopeHost === scopeHost);
  }

  get(local: string): Tunnel | undefined {
    return this.#tunnels.get(local);
  }

  /**
   * Opens a tunnel for `scopeHost`, or returns the scope's existing tunnel to the same remote (with its
   * label updated) without binding anything.
   */
  async add(scopeHost: string, request: AddTunnelRequest): Promise<{ tunnel: Tunnel; created: boolean }> {
    const remote = parseRemote(request.remote);
    const label =
      typeof request.label === 'string' && request.label.trim() !== ''
        ? request.label.trim().slice(0, 200)
        : undefined;
    const existing = this.list(scopeHost).find((tunnel) => tunnel.remote === remote);
    if (existing) {
      if (label) existing.label = label;
      return { tunnel: existing, created: false };
    }
    const listen = await resolveLocal(request.local);
    let tunnel: Tunnel;
    try {
      tunnel = await Tunnel.open({
        label: label ?? defaultLabel(),
        remote,
        scopeHost,
        listen,
        maxConnections: this.options.maxConnectionsPerTunnel,
        log: this.options.log,
      });
    } catch (error) {
      throw new HttpError(
        500,
        `failed to bind tcp address ${String(request.local)}: ${(error as Error).message}`,
      );
    }
    const raced = this.list(scopeHost).find((other) => other.remote === remote);
    if (raced) {
      // Another request for the same remote finished binding first: keep that one.
      await tunnel.close();
      if (label) raced.label = label;
      return { tunnel: raced, created: false };
    }
    if (this.#tunnels.has(tunnel.local)) {
      await tunnel.close();
      throw new HttpError(400, `The local address ${tunnel.local} is already taken by another instance`);
    }
    this.#tunnels.set(tunnel.local, tunnel);
    this.options.log.info('tunnel.open', {
      scope: scopeHost,
      label: tunnel.label,
      local: tunnel.local,
      remote,
    });
    this.options.onAdded?.(tunnel);
    return { tunnel, created: true };
  }

  /** Deletes a tunnel and cuts its connections. */
  async remove(local: string, reason: string): Promise<boolean> {
    const tunnel = this.#tunnels.get(local);
    if (!tunnel) return false;
    this.#tunnels.delete(local);
    await tunnel.close();
    this.options.log.info('tunnel.close', { scope: tunnel.scopeHost, local, remote: tunnel.remote, reason });
    return true;
  }

  async removeScope(scopeHost: string, reason: string): Promise<number> {
    const tunnels = this.list(scopeHost);
    await Promise.all(tunnels.map((tunnel) => this.remove(tunnel.local, reason)));
    return tunnels.length;
  }

  async closeAll(reason: string): Promise<void> {
    await Promise.all([...this.#tunnels.keys()].map((local) => this.remove(local, reason)));
  }
}
