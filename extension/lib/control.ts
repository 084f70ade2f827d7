// The pennon-wsrx control API as the companion uses it once paired (`pennon-wsrx pair`): every scope and
// tunnel of the daemon as the popup shows them, and approving or refusing a site. The client itself is the
// SDK's; no browser API here, so it is tested in Node against a real daemon.
import {
  WsrxControl,
  type WsrxControlLink,
  type WsrxControlScope,
  type WsrxControlTunnel,
  WsrxState,
  wsrxControlLink,
} from '@pennon/sdk/wsrx';
import type { SiteStatus } from './status.ts';

export const CONTROL_KEY = 'pennon-control';
const TIMEOUT_MS = 3_000;

export const readControlLink = (value: unknown): WsrxControlLink | null => {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Partial<WsrxControlLink>;
  return typeof raw.url === 'string' && typeof raw.token === 'string'
    ? wsrxControlLink(raw.url, raw.token)
    : null;
};

const control = (link: WsrxControlLink) => new WsrxControl(link, { timeout: TIMEOUT_MS });

const STATES: Record<WsrxControlScope['state'], WsrxState> = {
  pending: WsrxState.Pending,
  allowed: WsrxState.Usable,
  denied: WsrxState.Invalid,
};

/** Every site the daemon knows, with its tunnels, as the popup shows them. */
export const sitesFromControl = (
  scopes: readonly Pick<WsrxControlScope, 'host' | 'name' | 'state'>[],
  tunnels: readonly Pick<WsrxControlTunnel, 'label' | 'remote' | 'local' | 'latency' | 'scope_host'>[],
  now: number,
): Record<string, SiteStatus> => {
  const sites: Record<string, SiteStatus> = {};
  for (const scope of scopes) {
    sites[scope.host] = {
      origin: scope.host,
      title: scope.name === scope.host ? '' : scope.name,
      state: STATES[scope.state] ?? WsrxState.Invalid,
      refused: scope.state === 'denied',
      fromDaemon: true,
      instances: tunnels
        .filter((tunnel) => tunnel.scope_host === scope.host)
        .map(({ label, remote, local, latency }) => ({ label, remote, local, latency })),
      seenAt: now,
    };
  }
  return sites;
};

/** Reads every scope and tunnel of the daemon. */
export const readDaemonSites = async (link: WsrxControlLink, now = Date.now()) => {
  const daemon = control(link);
  const [scopes, tunnels] = await Promise.all([daemon.scopes(), daemon.tunnels()]);
  return sitesFromControl(scopes, tunnels, now);
};

/** Approves (allow) or refuses (deny) a site in the daemon. */
export const decide = (link: WsrxControlLink, origin: string, approve: boolean) =>
  approve ? control(link).allow(origin) : control(link).deny(origin);
