// A client of the local wsrx daemon's HTTP API (wsrx.md §1.3), as a CTF site uses it: check the version,
// register the site's scope, read its state, and manage its tunnels. Retry rules of client-spec §7.
import ky, { HTTPError, type KyInstance, type Options } from 'ky';

/** Daemon API base default (wsrx.md §1.1). */
export const WSRX_DEFAULT_API = 'http://127.0.0.1:3307';
/** The oldest daemon whose API this speaks. */
export const WSRX_REQUIRED_VERSION = '0.4';

/** The scope's state as the daemon reports it (numeric, as in `@xdsec/wsrx`). */
export const WsrxState = {
  /** Unknown to the daemon, refused, or no daemon. */
  Invalid: 0,
  /** Registered, waiting for the user to approve it in the daemon. */
  Pending: 1,
  /** Approved: tunnels can be opened. */
  Usable: 2,
} as const;
export type WsrxState = (typeof WsrxState)[keyof typeof WsrxState];

/**
 * Why a daemon call failed: no daemon answers, it is older than `WSRX_REQUIRED_VERSION`, it answered with an
 * error, the user has not allowed the site yet (`scope_unverified`), or the site has no scope there (`missing_scope`).
 */
export type WsrxErrorKind =
  | 'daemon_unavailable'
  | 'daemon_version_mismatch'
  | 'daemon_error'
  | 'scope_unverified'
  | 'missing_scope';

/** What a daemon call failed with: `kind` to branch on, `message` the daemon's text or a fallback. */
export class WsrxError extends Error {
  override readonly name = 'WsrxError';
  constructor(
    readonly kind: WsrxErrorKind,
    message: string,
    /** The daemon's HTTP status, when it answered. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Whether `error` is a {@link WsrxError}, of `kind` when given. */
export const isWsrxError = (error: unknown, kind?: WsrxErrorKind): error is WsrxError =>
  error instanceof WsrxError && (kind === undefined || error.kind === kind);

/** One tunnel: a local TCP listener forwarded to a remote WebSocket. */
export interface WsrxInstance {
  /** Display name. */
  label: string;
  /** `ws://` or `wss://` URL. */
  remote: string;
  /** The bound `ip:port` (IPv6 in brackets). */
  local: string;
  /** Half the probe's round trip in ms; -1 when unknown or unreachable. */
  latency: number;
}

/** What to open: `local` is `ip:port`, port 0 for any (see `localBindAddress`). */
export interface WsrxInstanceRequest {
  label?: string;
  remote: string;
  local: string;
}

/** A scope feature: `basic` tunnels, and `pingfall` (the daemon drops a tunnel whose probe fails). */
export type WsrxFeature = 'basic' | 'pingfall';

/** When the daemon drops a tunnel of a `pingfall` scope. */
export interface WsrxPingfallSettings {
  /** Non-2xx probe answers that delete the tunnel (all when empty). */
  status: number[];
  /** Whether a probe that got no answer deletes it. */
  drop_unknown: boolean;
}

/** The scope a site asks the daemon for: its name and features. */
export interface WsrxScopeRequest {
  /** Shown to the user in the daemon. */
  name: string;
  features?: WsrxFeature[];
  settings?: { pingfall?: WsrxPingfallSettings };
}

/** The scope GZ::CTF registers: tunnels vanish once their container is gone (404) or proxying is off (400). */
export const WSRX_FEATURES: WsrxFeature[] = ['basic', 'pingfall'];
/** Drops a tunnel when its probe gets 400 (proxying is off) or 404 (the container is gone). */
export const WSRX_PINGFALL: WsrxPingfallSettings = { status: [400, 404], drop_unknown: false };

/** The address a tunnel listens on: loopback only, or every interface when LAN access is allowed. */
export const localBindAddress = (allowLan: boolean): string => (allowLan ? '0.0.0.0:0' : '127.0.0.1:0');

/** How a {@link WsrxClient} reaches the daemon. */
export interface WsrxClientOptions {
  /** Daemon API base; default `http://127.0.0.1:3307`. */
  api?: string;
  /**
   * The site's origin, sent as `Origin` (the scope's identity). Browsers set it themselves and refuse
   * it here; give it in Node and tests.
   */
  origin?: string;
  /** Per attempt, in ms; default 10 s. */
  timeout?: number;
  /** A fetch to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
}

const unavailable = (message: string, cause: unknown) =>
  new WsrxError('daemon_unavailable', message, undefined, { cause });

/** `a.b.c` ≥ `min`, compared by number; anything unreadable passes (the daemon did answer). */
export const versionAtLeast = (version: string, min: string): boolean => {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const want = min.split('.').map(Number);
  if (have.some(Number.isNaN)) return true;
  for (let i = 0; i < want.length; i++) {
    const a = have[i] ?? 0;
    const b = want[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
};

const toInstance = (raw: Record<string, unknown>): WsrxInstance => ({
  label: String(raw.label ?? ''),
  remote: String(raw.remote ?? raw.to ?? ''),
  local: String(raw.local ?? raw.from ?? ''),
  latency: typeof raw.latency === 'number' ? raw.latency : -1,
});

/**
 * Talks to one daemon for one site. Keeps the site's tunnels as last seen (`instances`), which `add`
 * dedupes against. Every failure is a `WsrxError`.
 */
export class WsrxClient {
  readonly api: string;
  readonly #ky: KyInstance;
  #instances: readonly WsrxInstance[] = [];

  constructor(options: WsrxClientOptions = {}) {
    this.api = (options.api ?? WSRX_DEFAULT_API).replace(/\/+$/, '');
    this.#ky = ky.create({
      prefixUrl: this.api,
      timeout: options.timeout ?? 10_000,
      fetch: options.fetch,
      headers: options.origin ? { origin: options.origin } : {},
    } as Options);
  }

  /** The tunnels of this site as last synced, added or removed. */
  get instances(): readonly WsrxInstance[] {
    return this.#instances;
  }

  /** Forgets the known tunnels (e.g. when the daemon went away: it does not keep them). */
  forget(): void {
    this.#instances = [];
  }

  /** A daemon call that turns HTTP failures into `daemon_error` (or `kind`) with the daemon's text. */
  async #call(
    path: string,
    options: Options,
    fallback: string,
    kind403?: WsrxErrorKind,
    prefixText = false,
  ): Promise<Response> {
    try {
      return await this.#ky(path, options);
    } catch (error) {
      if (error instanceof HTTPError) {
        const status = error.response.status;
        const text = (await error.response.text().catch(() => '')).trim();
        const message = text ? (prefixText ? `${fallback}: ${text}` : text) : fallback;
        throw new WsrxError(status === 403 && kind403 ? kind403 : 'daemon_error', message, status, {
          cause: error,
        });
      }
      throw unavailable(fallback, error);
    }
  }

  /** GET /version: the daemon's version; fails unless it is at least 0.4 (a 404 means older). */
  async version(): Promise<string> {
    let body: unknown;
    try {
      body = await this.#ky('version', { retry: 0 }).json();
    } catch (error) {
      if (error instanceof HTTPError) {
        if (error.response.status === 404) {
          throw new WsrxError('daemon_version_mismatch', versionMismatch, 404, { cause: error });
        }
        const text = await error.response.text().catch(() => '');
        throw new WsrxError('daemon_error', text || error.message, error.response.status, { cause: error });
      }
      throw unavailable('Failed to check wsrx version, is wsrx daemon running?', error);
    }
    // The daemon answers a bare JSON string; older SDKs expected `{ version }`.
    const version =
      typeof body === 'string' ? body : String((body as { version?: unknown } | null)?.version ?? '');
    if (!versionAtLeast(version, WSRX_REQUIRED_VERSION)) {
      throw new WsrxError('daemon_version_mismatch', versionMismatch);
    }
    return version;
  }

  /** GET /connect: 202 Usable, 201 Pending, anything else (or no answer) Invalid. Never fails. */
  async connectState(): Promise<WsrxState> {
    try {
      const response = await this.#ky('connect', { retry: 0, throwHttpErrors: false });
      return response.status === 202
        ? WsrxState.Usable
        : response.status === 201
          ? WsrxState.Pending
          : WsrxState.Invalid;
    } catch {
      return WsrxState.Invalid;
    }
  }

  /**
   * POST /connect: asks the user to approve this site (a no-op when the daemon knows it already). `host`
   * and `state` are fillers the daemon requires and ignores (it takes the scope from `Origin`).
   */
  async register(scope: WsrxScopeRequest): Promise<void> {
    const json = {
      name: scope.name,
      features: scope.features ?? WSRX_FEATURES,
      settings: scope.settings ?? { pingfall: WSRX_PINGFALL },
      host: 'IN_HEADER',
      state: 'pending',
    };
    await this.#call('connect', { method: 'post', json, retry: 0 }, connectFailed, 'scope_unverified', true);
  }

  /** GET /pool: this site's tunnels; replaces `instances`. */
  async pool(): Promise<readonly WsrxInstance[]> {
    const response = await this.#call(
      'pool',
      { retry: 0 },
      'Failed to sync instances, is wsrx daemon running?',
      'scope_unverified',
    );
    const list = (await response.json().catch(() => [])) as unknown;
    this.#instances = Array.isArray(list) ? list.map(toInstance) : [];
    return this.#instances;
  }

  /** POST /pool: opens a tunnel, unless one to the same remote is known (then returned, nothing sent). */
  async add(instance: WsrxInstanceRequest): Promise<WsrxInstance> {
    const known = this.#instances.find((item) => item.remote === instance.remote);
    if (known) return known;
    const fallback = 'Failed to add instance, is wsrx daemon running?';
    const response = await this.#call(
      'pool',
      { method: 'post', json: instance },
      fallback,
      'scope_unverified',
    );
    const added = toInstance((await response.json().catch(() => ({}))) as Record<string, unknown>);
    // The daemon dedupes too: a tunnel it already had comes back as it is.
    this.#instances = [...this.#instances.filter((item) => item.local !== added.local), added];
    return added;
  }

  /** DELETE /pool: closes the tunnel listening on `local` (and its live connections). */
  async remove(local: string): Promise<void> {
    await this.#call(
      'pool',
      { method: 'delete', json: { local } },
      'Failed to delete instance, is wsrx daemon running?',
      'scope_unverified',
    );
    this.#instances = this.#instances.filter((item) => item.local !== local);
  }
}

const versionMismatch = `wsrx version is lower than required ${WSRX_REQUIRED_VERSION}`;
const connectFailed = 'Failed to connect to wsrx daemon';
