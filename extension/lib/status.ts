// What the companion knows about the daemon and the watched sites, and what follows from a change:
// the overall state, the toolbar badge and the notifications. Pure, so it is unit-tested in Node.
import { type WsrxControlProblem, type WsrxInstance, WsrxState } from '@pennon/sdk/wsrx';
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

/**
 * One site as its page (the watcher content script) last saw the daemon, or as the daemon's control API
 * lists it once paired (`fromDaemon`).
 */
export interface SiteStatus {
  origin: string;
  /** The page's title, when a page of the site was open. */
  title: string;
  /** The site's scope: Invalid (unknown to the daemon), Pending (awaits approval) or Usable. */
  state: WsrxState;
  instances: WsrxInstance[];
  seenAt: number;
  /** The user refused it in the daemon (known through the control API only). */
  refused?: boolean;
  /** Listed by the daemon's control API rather than reported by a watched page. */
  fromDaemon?: boolean;
  /** Local addresses of the tunnels that were up and went down, so their coming back is told. */
  wentDown?: string[];
}

/** The control API once paired: usable (`ok`), or why not; null when not paired. */
export type ControlState = 'ok' | WsrxControlProblem | null;

export interface Status {
  daemon: DaemonStatus;
  sites: Record<string, SiteStatus>;
  control: ControlState;
}

export const emptyStatus = (api: string): Status => ({
  daemon: { running: false, reason: null, version: null, api, checkedAt: 0 },
  sites: {},
  control: null,
});

/** What the popup's headline says, in plain words. */
export type Headline = InvalidReason | 'awaiting_approval' | 'connected';

/**
 * The one state the popup and badge show: Invalid when the daemon is not there (or too old), Pending
 * when it runs and a site awaits approval in it (`waiting` is the first such site), Usable otherwise.
 */
export const overallState = (
  status: Status,
  platforms?: readonly string[],
): { state: WsrxState; headline: Headline; waiting?: SiteStatus } => {
  const { daemon } = status;
  if (!daemon.running) return { state: WsrxState.Invalid, headline: daemon.reason ?? 'not_running' };
  const waiting = listedSites(status, platforms).find((site) => site.state === WsrxState.Pending);
  return waiting
    ? { state: WsrxState.Pending, headline: 'awaiting_approval', waiting }
    : { state: WsrxState.Usable, headline: 'connected' };
};

/**
 * The sites the popup lists: the watched platforms in the order the user added them, then the other sites
 * the daemon's control API knows. All known ones when `platforms` is not given.
 */
export const listedSites = (status: Status, platforms?: readonly string[]): SiteStatus[] => {
  if (!platforms) return Object.values(status.sites);
  const watched = platforms.flatMap((origin) => (status.sites[origin] ? [status.sites[origin]] : []));
  const others = Object.values(status.sites).filter(
    (site) => site.fromDaemon && !platforms.includes(site.origin),
  );
  return [...watched, ...others];
};

/** A tunnel is up while the daemon's probe of its remote answers (it measures a latency). */
export const tunnelUp = (tunnel: WsrxInstance): boolean =>
  Number.isFinite(tunnel.latency) && tunnel.latency >= 0;

export interface Badge {
  text: string;
  color: string;
}

/** Usable: the number of open tunnels (blank when none); Pending: `?`; Invalid: `OFF`. */
export const badgeFor = (status: Status, platforms?: readonly string[]): Badge => {
  const { state } = overallState(status, platforms);
  if (state === WsrxState.Invalid) return { text: 'OFF', color: '#e03131' };
  if (state === WsrxState.Pending) return { text: '?', color: '#f08c00' };
  const tunnels = listedSites(status, platforms).reduce((sum, site) => sum + site.instances.length, 0);
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

const sameTunnel = (a: WsrxInstance) => (b: WsrxInstance) => a.local === b.local && a.remote === b.remote;

/**
 * A tunnel gone (pingfall, the site closed it, or it was removed in the daemon); one that went from up to
 * down (its challenge stopped answering the daemon's probe); one of those back up. Down and back up share
 * an id, so the second replaces the first.
 */
const tunnelNotices = (before: SiteStatus, after: SiteStatus): Notice[] => {
  const notices: Notice[] = [];
  const site = siteName(after);
  const notice = (kind: NoticeKind, id: string, tunnel: WsrxInstance): Notice => ({
    kind,
    id: `${id}:${after.origin}:${tunnel.local}`,
    vars: { site, label: tunnel.label, local: tunnel.local, remote: tunnel.remote },
  });
  for (const tunnel of before.instances) {
    const now = after.instances.find(sameTunnel(tunnel));
    if (!now) notices.push(notice('tunnelGone', 'gone', tunnel));
    else if (tunnelUp(tunnel) && !tunnelUp(now)) notices.push(notice('tunnelDown', 'tunnel', now));
    else if (!tunnelUp(tunnel) && tunnelUp(now) && before.wentDown?.includes(tunnel.local)) {
      notices.push(notice('tunnelUp', 'tunnel', now));
    }
  }
  return notices;
};

/**
 * Carries over which tunnels went down after being up (`wentDown`): a new tunnel is down until its first
 * probe, and coming up then is no news.
 */
export const withTunnelHistory = (prev: Status, next: Status): Status => {
  const sites: Record<string, SiteStatus> = {};
  for (const [origin, after] of Object.entries(next.sites)) {
    const before = prev.sites[origin];
    const wentDown = after.instances
      .filter((tunnel) => {
        if (tunnelUp(tunnel)) return false;
        const was = before?.instances.find(sameTunnel(tunnel));
        return was !== undefined && (tunnelUp(was) || before?.wentDown?.includes(was.local) === true);
      })
      .map((tunnel) => tunnel.local);
    const { wentDown: _old, ...site } = after;
    sites[origin] = wentDown.length > 0 ? { ...site, wentDown } : site;
  }
  return { ...next, sites };
};

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
  for (const after of listedSites(next, prefs.platforms)) {
    const { origin } = after;
    const before = prev.sites[origin];
    if (after.state === WsrxState.Pending && before?.state !== WsrxState.Pending) {
      notices.push({ kind: 'pending', id: `pending:${origin}`, vars: { site: siteName(after), origin } });
    }
    // Tunnels that vanished, stopped or started answering while the daemon stayed up and the site stayed
    // approved. Losing all of them with the daemon is the offline notice.
    if (
      before?.state === WsrxState.Usable &&
      after.state === WsrxState.Usable &&
      prev.daemon.running &&
      next.daemon.running
    ) {
      notices.push(...tunnelNotices(before, after));
    }
  }
  return notices.filter((notice) => prefs.notify[notice.kind]);
};

/**
 * The daemon went away: it keeps no tunnels and its scopes' states are unknown until pages report (or it
 * answers the control API again).
 */
export const withDaemon = (status: Status, daemon: DaemonStatus): Status => {
  if (daemon.running) return { ...status, daemon };
  const sites: Record<string, SiteStatus> = {};
  for (const [origin, site] of Object.entries(status.sites)) {
    if (!site.fromDaemon) sites[origin] = { ...site, state: WsrxState.Invalid, instances: [] };
  }
  return { daemon, sites, control: status.control };
};

/**
 * What the control API answered: its sites replace the ones it listed before; a watched page's report of
 * a site it does not list is kept. Without an answer (`problem`), the sites it listed are dropped.
 */
export const withControl = (
  status: Status,
  control: ControlState,
  daemonSites: Record<string, SiteStatus> = {},
): Status => {
  const sites: Record<string, SiteStatus> = {};
  for (const [origin, site] of Object.entries(status.sites)) if (!site.fromDaemon) sites[origin] = site;
  return { ...status, control, sites: { ...sites, ...daemonSites } };
};

/** Reads a stored status; anything unreadable starts over. */
export const readStatus = (value: unknown, api: string): Status => {
  if (typeof value !== 'object' || value === null) return emptyStatus(api);
  const raw = value as Partial<Status>;
  if (typeof raw.daemon !== 'object' || raw.daemon === null || typeof raw.sites !== 'object' || !raw.sites) {
    return emptyStatus(api);
  }
  return { daemon: raw.daemon, sites: raw.sites, control: raw.control ?? null };
};

/** `12 ms`, or null when the daemon could not measure it (-1). */
export const formatLatency = (latency: number): string | null =>
  Number.isFinite(latency) && latency >= 0 ? `${Math.round(latency)} ms` : null;
