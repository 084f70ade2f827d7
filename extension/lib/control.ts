// The pennon-wsrx control API as the companion uses it once paired (`pennon-wsrx pair`): every scope and
// tunnel of the daemon, and approving or refusing a site. Plain fetch, no browser API, so it is tested in
// Node against a real daemon.
import { type WsrxInstance, WsrxState } from '@pennon/sdk/wsrx';
import type { SiteStatus } from './status.ts';

export const CONTROL_KEY = 'pennon-control';
const TIMEOUT_MS = 3_000;

/** Where the daemon's control API is and the token it wants. */
export interface ControlLink {
  url: string;
  token: string;
}

const trimUrl = (value: string): string | null => {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return null;
  }
};

/** A link from an address and a token, or null when either is unusable. */
export const controlLink = (url: string, token: string): ControlLink | null => {
  const base = trimUrl(url);
  const secret = token.trim();
  return base && /^[\w.~+/=-]{16,}$/.test(secret) ? { url: base, token: secret } : null;
};

/** `pennon-wsrx pair` prints `<control address>#<token>`. */
export const readPairingCode = (code: string): ControlLink | null => {
  const hash = code.trim().indexOf('#');
  if (hash < 0) return null;
  const text = code.trim();
  return controlLink(text.slice(0, hash), text.slice(hash + 1));
};

export const readControlLink = (value: unknown): ControlLink | null => {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Partial<ControlLink>;
  return typeof raw.url === 'string' && typeof raw.token === 'string'
    ? controlLink(raw.url, raw.token)
    : null;
};

/** Why the control API could not be used: nothing answers, or it refused the token. */
export type ControlProblem = 'unreachable' | 'unauthorized' | 'failed';

export class ControlError extends Error {
  constructor(
    readonly problem: ControlProblem,
    message: string,
  ) {
    super(message);
  }
}

export const callControl = async <T>(
  link: ControlLink,
  method: 'GET' | 'POST',
  action: string,
  body?: unknown,
): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(`${link.url}/_pennon/${action}`, {
      method,
      headers: {
        Authorization: `Bearer ${link.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ControlError('unreachable', String(error));
  }
  const text = await response.text();
  if (response.status === 401 || response.status === 403) throw new ControlError('unauthorized', text);
  if (!response.ok) throw new ControlError('failed', `${response.status}: ${text}`);
  return JSON.parse(text) as T;
};

interface ControlScope {
  host: string;
  name: string;
  state: 'pending' | 'allowed' | 'denied';
}

interface ControlTunnel extends WsrxInstance {
  scope_host: string;
}

const STATES: Record<ControlScope['state'], WsrxState> = {
  pending: WsrxState.Pending,
  allowed: WsrxState.Usable,
  denied: WsrxState.Invalid,
};

/** Every site the daemon knows, with its tunnels, as the popup shows them. */
export const sitesFromControl = (
  scopes: readonly ControlScope[],
  tunnels: readonly ControlTunnel[],
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
export const readDaemonSites = async (link: ControlLink, now = Date.now()) => {
  const [scopes, tunnels] = await Promise.all([
    callControl<ControlScope[]>(link, 'GET', 'scopes'),
    callControl<ControlTunnel[]>(link, 'GET', 'tunnels'),
  ]);
  return sitesFromControl(scopes, tunnels, now);
};

/** Approves (allow) or refuses (deny) a site in the daemon. */
export const decide = (link: ControlLink, origin: string, approve: boolean) =>
  callControl(link, 'POST', approve ? 'allow' : 'deny', { origin });
