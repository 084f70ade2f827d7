// What the companion knows about the daemon and the watched sites, and what follows from a change:
// the overall state, the toolbar badge and the notifications. Pure, so it is unit-tested in Node.
import { type WsrxInstance, WsrxState } from '@pennon/sdk/wsrx';
import type { NoticeKind, Prefs } from './prefs.ts';

export type InvalidReason = 'not_running' | 'version_mismatch';

export interface DaemonStatus {
  /** `/version` answered with a version this speaks to. */
  running: boolean;
  reason: InvalidReason | null;
  version: string | null;
  api: string;
  checkedAt: number;
}

/** One watched platform as its page (the watcher content script) last saw the daemon. */
export interface SiteStatus {
  origin: string;
  /** The page's title, when a page of the site was open. */
  title: string;
  /** The site's scope: Invalid (unknown to the daemon), Pending (awaits approval) or Usable. */
  state: WsrxState;
  instances: WsrxInstance[];
  seenAt: number;
}

export interface Status {
  daemon: DaemonStatus;
  sites: Record<string, SiteStatus>;
}

export const emptyStatus = (api: string): Status => ({
  daemon: { running: false, reason: null, version: null, api, checkedAt: 0 },
  sites: {},
});

export type OverallReason = InvalidReason | 'awaiting_approval' | null;

/**
 * The one state the popup and badge show: Invalid when the daemon is not there (or too old), Pending
 * when it runs and a watched site awaits approval in it, Usable otherwise.
 */
export const overallState = (
  status: Status,
  platforms?: readonly string[],
): {
  state: WsrxState;
  reason: OverallReason;
} => {
  const { daemon } = status;
  if (!daemon.running) return { state: WsrxState.Invalid, reason: daemon.reason ?? 'not_running' };
  const pending = watchedSites(status, platforms).some((site) => site.state === WsrxState.Pending);
  return pending
    ? { state: WsrxState.Pending, reason: 'awaiting_approval' }
    : { state: WsrxState.Usable, reason: null };
};

/** The sites of the watched platforms, in the order the user added them (all known ones when not given). */
export const watchedSites = (status: Status, platforms?: readonly string[]): SiteStatus[] =>
  platforms
    ? platforms.flatMap((origin) => (status.sites[origin] ? [status.sites[origin]] : []))
    : Object.values(status.sites);

export interface Badge {
  text: string;
  color: string;
}

/** Usable: the number of open tunnels (blank when none); Pending: `?`; Invalid: `OFF`. */
export const badgeFor = (status: Status, platforms?: readonly string[]): Badge => {
  const { state } = overallState(status, platforms);
  if (state === WsrxState.Invalid) return { text: 'OFF', color: '#e03131' };
  if (state === WsrxState.Pending) return { text: '?', color: '#f08c00' };
  const tunnels = watchedSites(status, platforms).reduce((sum, site) => sum + site.instances.length, 0);
  return { text: tunnels > 0 ? String(tunnels) : '', color: '#2f9e44' };
};

/** A notification to raise: `id` is stable per event so a repeat replaces rather than piles up. */
export interface Notice {
  kind: NoticeKind;
  id: string;
  /** Values for the message: site name, tunnel label, local address, version. */
  vars: Record<string, string>;
}

const siteName = (site: SiteStatus) => site.title || site.origin;

/** The notifications a change from `prev` to `next` calls for, filtered by the user's choice. */
export const noticesFor = (prev: Status, next: Status, prefs: Prefs): Notice[] => {
  const notices: Notice[] = [];
  const firstCheck = prev.daemon.checkedAt === 0;
  if (!firstCheck && prev.daemon.running && !next.daemon.running) {
    notices.push({ kind: 'offline', id: 'daemon-offline', vars: { api: next.daemon.api } });
  }
  if (!firstCheck && !prev.daemon.running && next.daemon.running) {
    notices.push({
      kind: 'online',
      id: 'daemon-online',
      vars: { api: next.daemon.api, version: next.daemon.version ?? '' },
    });
  }
  for (const origin of prefs.platforms) {
    const after = next.sites[origin];
    if (!after) continue;
    const before = prev.sites[origin];
    if (after.state === WsrxState.Pending && before?.state !== WsrxState.Pending) {
      notices.push({ kind: 'pending', id: `pending:${origin}`, vars: { site: siteName(after), origin } });
    }
    // A tunnel vanished while the daemon stayed up and the site stayed approved (pingfall, the site
    // closed it, or it was removed in the daemon). Losing all of them with the daemon is the offline notice.
    if (
      before?.state === WsrxState.Usable &&
      after.state === WsrxState.Usable &&
      prev.daemon.running &&
      next.daemon.running
    ) {
      for (const tunnel of before.instances) {
        const kept = after.instances.some(
          (item) => item.local === tunnel.local && item.remote === tunnel.remote,
        );
        if (!kept) {
          notices.push({
            kind: 'tunnelGone',
            id: `gone:${origin}:${tunnel.local}`,
            vars: { site: siteName(after), label: tunnel.label, local: tunnel.local, remote: tunnel.remote },
          });
        }
      }
    }
  }
  return notices.filter((notice) => prefs.notify[notice.kind]);
};

/** The daemon went away: it keeps no tunnels and its scopes' states are unknown until pages report. */
export const withDaemon = (status: Status, daemon: DaemonStatus): Status => {
  if (daemon.running) return { ...status, daemon };
  const sites: Record<string, SiteStatus> = {};
  for (const [origin, site] of Object.entries(status.sites)) {
    sites[origin] = { ...site, state: WsrxState.Invalid, instances: [] };
  }
  return { daemon, sites };
};

/** Reads a stored status; anything unreadable starts over. */
export const readStatus = (value: unknown, api: string): Status => {
  if (typeof value !== 'object' || value === null) return emptyStatus(api);
  const raw = value as Partial<Status>;
  if (typeof raw.daemon !== 'object' || raw.daemon === null || typeof raw.sites !== 'object' || !raw.sites) {
    return emptyStatus(api);
  }
  return { daemon: raw.daemon, sites: raw.sites };
};

/** `12 ms`, or null when the daemon could not measure it (-1). */
export const formatLatency = (latency: number): string | null =>
  Number.isFinite(latency) && latency >= 0 ? `${Math.round(latency)} ms` : null;
