// The package's entry for embedding: start a daemon in-process, or find a running one (its control API is
// `WsrxControl` of @pennon/sdk/wsrx/control).
export { findDaemon } from './control-client.ts';
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
export { WSRX_API_VERSION } from './version.ts';
