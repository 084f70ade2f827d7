// What the HTTP handlers share: the scopes, the tunnels and the settings of one daemon.
import type { Logger } from './log.ts';
import type { TunnelPool } from './pool.ts';
import type { ScopeRegistry } from './scopes.ts';

export interface DaemonContext {
  scopes: ScopeRegistry;
  pool: TunnelPool;
  log: Logger;
  maxBodyBytes: number;
  controlToken: string;
}
