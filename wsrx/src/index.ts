// The package's entry for embedding: start a daemon in-process, or talk to a running one.
export { type ControlTarget, control, findDaemon } from './control-client.ts';
export {
  type DaemonOptions,
  DEFAULT_HOST,
  DEFAULT_PORT,
  LanAddressError,
  PortInUseError,
  type RunningDaemon,
  startDaemon,
} from './daemon.ts';
export { createLogger, type Logger } from './log.ts';
export type { Scope } from './scopes.ts';
export type { TunnelInfo } from './tunnel.ts';
export { WSRX_API_VERSION } from './version.ts';
