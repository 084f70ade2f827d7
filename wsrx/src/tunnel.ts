// A tunnel: one TCP listener whose every accepted connection is bridged to a new WebSocket to `remote`.
import { randomInt } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { WsrxTunnelInfo } from '@pennon/sdk/wsrx/control';
import { formatAddress, type ListenAddress } from './address.ts';
import { type Bridge, bridge } from './bridge.ts';
import type { Logger } from './log.ts';

export const DEFAULT_MAX_CONNECTIONS = 64;

export interface TunnelOptions {
  label: string;
  remote: string;
  scopeHost: string;
  listen: ListenAddress;
  maxConnections?: number;
  log: Logger;
}

/** `inst-` and 6 to 8 lowercase hex digits. */
export const defaultLabel = (): string => `inst-${randomInt(0, 0xffffffff).toString(16).padStart(6, '0')}`;

export class Tunnel {
  label: string;
  latency = -1;
  readonly remote: string;
  readonly scopeHost: string;
  readonly local: string;
  readonly #server: Server;
  readonly #bridges = new Set<Bridge>();
  readonly #maxConnections: number;
  readonly #log: Logger;
  #closed = false;

  private constructor(server: Server, local: string, options: TunnelOptions) {
    this.#server = server;
    this.local = local;
    this.label = options.label;
    this.remote = options.remote;
    this.scopeHost = options.scopeHost;
    this.#maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
    this.#log = options.log;
    server.on('connection', (socket) => this.#accept(socket));
  }

  /** Binds the listener; rejects with the bind error (e.g. EADDRINUSE). */
  static open(options: TunnelOptions): Promise<Tunnel> {
    return new Promise((resolve, reject) => {
      const server = createServer({ noDelay: true });
      server.once('error', reject);
      server.listen({ host: options.listen.host, port: options.listen.port, exclusive: true }, () => {
        server.off('error', reject);
        const address = server.address();
        if (address === null || typeof address === 'string') {
          server.close();
          reject(new Error('listener has no TCP address'));
          return;
        }
        resolve(new Tunnel(server, formatAddress(address.address, address.port), options));
      });
    });
  }

  get connections(): number {
    return this.#bridges.size;
  }

  info(): WsrxTunnelInfo {
    return {
      label: this.label,
      remote: this.remote,
      local: this.local,
      latency: this.latency,
      scope_host: this.scopeHost,
    };
  }

  #accept(socket: Socket): void {
    const peer = formatAddress(socket.remoteAddress ?? '?', socket.remotePort ?? 0);
    if (this.#closed || this.#bridges.size >= this.#maxConnections) {
      this.#log.warn('conn.refused', {
        local: this.local,
        peer,
        reason: this.#closed ? 'tunnel closed' : `limit of ${this.#maxConnections} connections reached`,
      });
      socket.destroy();
      return;
    }
    this.#log.info('conn.accept', { local: this.local, peer, remote: this.remote });
    const link = bridge(socket, this.remote, {
      onError: (side, error) =>
        this.#log.warn('conn.error', { local: this.local, peer, side, error: error.message }),
      onClose: ({ sent, received, ms }) => {
        this.#bridges.delete(link);
        this.#log.info('conn.close', { local: this.local, peer, sent, received, ms });
      },
    });
    this.#bridges.add(link);
  }

  /** Stops listening and cuts every live connection. */
  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    for (const link of this.#bridges) link.destroy();
    this.#bridges.clear();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
