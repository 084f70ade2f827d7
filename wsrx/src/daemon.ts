// Puts the parts together: state dir → scopes → tunnel pool → pingfall → HTTP server on 127.0.0.1:3307.
import type { AddressInfo } from 'node:net';
import { formatAddress, listensOnLoopbackOnly } from './address.ts';
import type { DaemonContext } from './context.ts';
import { DEFAULT_MAX_BODY_BYTES } from './http/body.ts';
import { createApiServer } from './http/server.ts';
import { createLogger, type Logger } from './log.ts';
import { PingfallWorker } from './pingfall.ts';
import { TunnelPool } from './pool.ts';
import { normalizeOrigin, ScopeRegistry } from './scopes.ts';
import { defaultStateDir, StateStore } from './state-store.ts';
import { DEFAULT_MAX_CONNECTIONS } from './tunnel.ts';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 3307;

export interface DaemonOptions {
  /** Default 127.0.0.1. Anything but a loopback address needs `allowLan`. */
  host?: string;
  /** Listen on a non-loopback `host`: other machines can then register sites and open ports here. */
  allowLan?: boolean;
  /** Default 3307; 0 picks a free port. */
  port?: number;
  /** When the port is taken, listen on a free port instead (and log where) rather than failing. */
  fallbackPort?: boolean;
  /** Where approvals, the control token and daemon.json live. Default: $PENNON_WSRX_STATE_DIR or ~/.config/pennon-wsrx. */
  stateDir?: string;
  /** Origins approved at start (saved like any approval). */
  allowOrigins?: string[];
  /** How often each tunnel's remote is probed (default 5000 ms). */
  probeIntervalMs?: number;
  probeTimeoutMs?: number;
  maxConnectionsPerTunnel?: number;
  maxBodyBytes?: number;
  logger?: Logger;
  quiet?: boolean;
}

export interface RunningDaemon {
  /** e.g. http://127.0.0.1:3307 */
  url: string;
  host: string;
  port: number;
  stateDir: string;
  controlToken: string;
  context: DaemonContext;
  close(): Promise<void>;
}

export class PortInUseError extends Error {
  readonly code = 'EADDRINUSE';
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(
      `Port ${port} on ${host} is already in use (is another wsrx or pennon-wsrx running?). ` +
        'Stop it, choose another port with --port (0 = any free port), or pass --fallback-port.',
    );
    this.name = 'PortInUseError';
  }
}

/** The API has no authentication: on a LAN address, any machine there could register sites and open ports. */
export class LanAddressError extends Error {
  constructor(readonly host: string) {
    super(
      `${host} is not a loopback address: other machines could then register sites with this daemon and ` +
        'open ports on this one. Pass --allow-lan to listen there anyway.',
    );
    this.name = 'LanAddressError';
  }
}

const listen = (server: ReturnType<typeof createApiServer>, host: string, port: number) =>
  new Promise<AddressInfo>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(host, port) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ host, port, exclusive: true });
  });

export const startDaemon = async (options: DaemonOptions = {}): Promise<RunningDaemon> => {
  const log = options.logger ?? createLogger({ quiet: options.quiet });
  const host = options.host ?? DEFAULT_HOST;
  if (!(await listensOnLoopbackOnly(host))) {
    if (!options.allowLan) throw new LanAddressError(host);
    log.warn('daemon.lan', { host, risk: 'other machines can register sites and open ports here' });
  }
  const store = new StateStore(options.stateDir ?? defaultStateDir());
  const scopes = new ScopeRegistry(store.loadScopes(), (list) => {
    try {
      store.saveScopes(list);
    } catch (error) {
      log.error('state.save-failed', { file: store.scopesFile, error: (error as Error).message });
      throw error;
    }
  });
  for (const origin of options.allowOrigins ?? []) scopes.allow(normalizeOrigin(origin));

  let pingfall: PingfallWorker | undefined;
  const pool = new TunnelPool({
    log,
    maxConnectionsPerTunnel: options.maxConnectionsPerTunnel ?? DEFAULT_MAX_CONNECTIONS,
    onAdded: (tunnel) => void pingfall?.probeTunnel(tunnel),
  });
  pingfall = new PingfallWorker({
    pool,
    scope: (scopeHost) => scopes.get(scopeHost),
    log,
    intervalMs: options.probeIntervalMs,
    timeoutMs: options.probeTimeoutMs,
  });
  const context: DaemonContext = {
    scopes,
    pool,
    log,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    controlToken: store.loadOrCreateToken(),
  };

  const server = createApiServer(context);
  const port = options.port ?? DEFAULT_PORT;
  let address: AddressInfo;
  try {
    address = await listen(server, host, port);
  } catch (error) {
    if (!(error instanceof PortInUseError && options.fallbackPort)) {
      pingfall.stop();
      throw error;
    }
    address = await listen(server, host, 0);
    log.warn('daemon.port-fallback', { wanted: port, port: address.port });
  }
  const url = `http://${formatAddress(address.address, address.port)}`;
  store.writeDaemonRecord({ url, pid: process.pid, startedAt: new Date().toISOString() });
  log.info('daemon.listening', {
    url,
    state: store.dir,
    scopes: scopes.list().length,
    allowed: scopes.list().filter((scope) => scope.state === 'allowed').length,
  });

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      pingfall?.stop();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await pool.closeAll('daemon stopping');
      await stopped;
      store.clearDaemonRecord(url);
      log.info('daemon.stopped', { url });
    })();
    return closing;
  };

  return {
    url,
    host: address.address,
    port: address.port,
    stateDir: store.dir,
    controlToken: context.controlToken,
    context,
    close,
  };
};
