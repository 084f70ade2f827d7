// Finds the running daemon for the CLI commands (and tests): its control address and token, as recorded in
// the state dir. The calls themselves go through the SDK's control client (`WsrxControl`).
import type { WsrxControlLink } from '@pennon/sdk/wsrx/control';
import { StateStore } from './state-store.ts';

/** Finds the daemon through daemon.json and control-token in the state dir, unless `url` is given. */
export const findDaemon = (stateDir: string, url?: string): WsrxControlLink => {
  const store = new StateStore(stateDir);
  const target = url ?? store.readDaemonRecord()?.url;
  if (!target) {
    throw new Error(
      `No running daemon recorded in ${store.daemonFile}: start one with \`pennon-wsrx serve\``,
    );
  }
  const token = store.readToken();
  if (!token) throw new Error(`No control token in ${store.tokenFile}: is this the daemon's --state-dir?`);
  return { url: target.replace(/\/+$/, ''), token };
};
