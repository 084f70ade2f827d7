// The pennon-wsrx daemon's authenticated control API: its routes and wire shapes (the daemon answers with
// these very types) and a client of it, used by the `pennon-wsrx` commands and by the browser companion
// once paired (`pennon-wsrx pair`). Callers carry the token from the daemon's state dir. Also an entry of
// its own (@pennon/sdk/wsrx/control), so Node tools take it without the browser parts of @pennon/sdk/wsrx.
import ky, { HTTPError, type KyInstance } from 'ky';
import type { WsrxFeature, WsrxInstance } from './client.ts';

/** Where the control API lives under the daemon's address. */
export const WSRX_CONTROL_PREFIX = '/_pennon/';

/** Every control call: its method and its path under the prefix. */
export const wsrxControlRoutes = {
  scopes: { method: 'GET', path: 'scopes' },
  tunnels: { method: 'GET', path: 'tunnels' },
  allow: { method: 'POST', path: 'allow' },
  deny: { method: 'POST', path: 'deny' },
  remove: { method: 'POST', path: 'remove' },
} as const;
/** A control call by name (a key of `wsrxControlRoutes`). */
export type WsrxControlAction = keyof typeof wsrxControlRoutes;

/** `pending` waits for the user; `allowed` may open tunnels; `denied` is refused until allowed or removed. */
export type WsrxScopeState = 'pending' | 'allowed' | 'denied';

/** A site as the daemon keeps it (the answer to allow and deny). */
export interface WsrxControlScope {
  host: string;
  name: string;
  state: WsrxScopeState;
  features: WsrxFeature[];
  settings: Record<string, unknown>;
}

/** A site as `scopes` lists it, with its number of open tunnels. */
export interface WsrxControlScopeEntry extends WsrxControlScope {
  tunnels: number;
}

/** A tunnel as the daemon describes it: which site opened it. */
export interface WsrxTunnelInfo extends WsrxInstance {
  scope_host: string;
}

/** A tunnel as `tunnels` lists it, with its live connections. */
export interface WsrxControlTunnel extends WsrxTunnelInfo {
  connections: number;
}

/** The answer to `remove`: the site forgotten and how many of its tunnels were closed. */
export interface WsrxControlRemoved {
  removed: string;
  tunnels: number;
}

/** The body of allow, deny and remove. */
export interface WsrxControlOriginBody {
  origin: string;
}

/** Where the daemon's control API is and the token it wants. */
export interface WsrxControlLink {
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
export const wsrxControlLink = (url: string, token: string): WsrxControlLink | null => {
  const base = trimUrl(url);
  const secret = token.trim();
  return base && /^[\w.~+/=-]{16,}$/.test(secret) ? { url: base, token: secret } : null;
};

/** The pairing code `pennon-wsrx pair` prints: the control address with the token as fragment. */
export const wsrxPairingCode = (link: WsrxControlLink): string => `${link.url}#${link.token}`;

/** Reads a pairing code; null when it is not one. */
export const readWsrxPairingCode = (code: string): WsrxControlLink | null => {
  const text = code.trim();
  const hash = text.indexOf('#');
  return hash < 0 ? null : wsrxControlLink(text.slice(0, hash), text.slice(hash + 1));
};

/** Why a control call failed: nothing answers, the daemon refused the token, or it refused the call. */
export type WsrxControlProblem = 'unreachable' | 'unauthorized' | 'failed';

/** `message` is the daemon's text, or why nothing answered; `status` is the daemon's HTTP status. */
export class WsrxControlError extends Error {
  override readonly name = 'WsrxControlError';
  constructor(
    readonly problem: WsrxControlProblem,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** How a {@link WsrxControl} calls the daemon. */
export interface WsrxControlOptions {
  /** Per call, in ms; default 5 s. */
  timeout?: number;
  /** A fetch to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
}

/** The underlying reason a call got no answer (`fetch failed` says little; its cause says more). */
const reasonOf = (error: unknown): string =>
  (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message ?? String(error);

/** A client of one daemon's control API. Every failure is a `WsrxControlError`. */
export class WsrxControl {
  readonly url: string;
  readonly #ky: KyInstance;

  constructor(link: WsrxControlLink, options: WsrxControlOptions = {}) {
    this.url = link.url.replace(/\/+$/, '');
    this.#ky = ky.create({
      prefixUrl: `${this.url}${WSRX_CONTROL_PREFIX}`,
      headers: { Authorization: `Bearer ${link.token}` },
      timeout: options.timeout ?? 5_000,
      retry: 0,
      fetch: options.fetch,
    });
  }

  async #call<T>(action: WsrxControlAction, body?: WsrxControlOriginBody): Promise<T> {
    const { method, path } = wsrxControlRoutes[action];
    let response: Response;
    try {
      response = await this.#ky(path, { method, json: body });
    } catch (error) {
      if (!(error instanceof HTTPError)) {
        throw new WsrxControlError('unreachable', reasonOf(error), undefined, { cause: error });
      }
      const { status } = error.response;
      const text = await error.response.text().catch(() => '');
      const problem = status === 401 || status === 403 ? 'unauthorized' : 'failed';
      throw new WsrxControlError(problem, text, status, { cause: error });
    }
    return (await response.json()) as T;
  }

  /** Every site that registered, with its state and number of tunnels. */
  scopes = () => this.#call<WsrxControlScopeEntry[]>('scopes');
  /** Every open tunnel, of every site. */
  tunnels = () => this.#call<WsrxControlTunnel[]>('tunnels');
  /** Approves a site: it may then open tunnels. */
  allow = (origin: string) => this.#call<WsrxControlScope>('allow', { origin });
  /** Refuses a site and closes its tunnels. */
  deny = (origin: string) => this.#call<WsrxControlScope>('deny', { origin });
  /** Forgets a site and closes its tunnels. */
  remove = (origin: string) => this.#call<WsrxControlRemoved>('remove', { origin });
}
