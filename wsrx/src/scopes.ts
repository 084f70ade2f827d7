// Scopes: one per website, keyed by the exact `Origin` of its requests. A site registers itself as
// pending; the user allows, denies or removes it. Every change is handed to `onChange` to be saved; when
// saving fails (the file would be too large, the disk refuses), the change is undone and the error goes up.
// Sites can only add pending scopes, so their number and the size of their settings are capped, in all and per site:
// one site's pages (its subdomains, ports and schemes) cannot fill the list for the others.
import type { WsrxControlScope, WsrxScopeState } from '@pennon/sdk/wsrx/control';
import { getDomain, getHostname } from 'tldts';
import { HttpError } from './errors.ts';

export const FEATURES = ['basic', 'pingfall'] as const;
export type Feature = (typeof FEATURES)[number];

/** A scope as the control API reports it (the SDK's shape), plus what only the daemon keeps. */
export interface Scope extends WsrxControlScope {
  /**
   * False while the scope exists only because the user pre-approved the origin; the site's first
   * `POST /connect` then fills in its name, features and settings.
   */
  claimed: boolean;
}

export interface PingfallSettings {
  status: number[];
  drop_unknown: boolean;
}

export type RegisterResult = 'created' | 'exists' | 'denied';

/** Origins waiting for approval at once; a page could otherwise register any number of (sub)domains. */
export const MAX_PENDING_SCOPES = 32;
/** Origins of one site waiting at once: a CTF platform needs one, a few more leave room for its staging hosts. */
export const MAX_PENDING_PER_SITE = 4;
/** A scope's settings as JSON; GZ::CTF's pingfall settings take about 50 bytes. */
export const MAX_SETTINGS_BYTES = 4096;

/**
 * The site an origin belongs to: its registrable domain (`ctf.example.co.uk` → `example.co.uk`, after the public
 * suffix list), else its host name (an IP address, `localhost`).
 */
export const siteOf = (origin: string): string => getDomain(origin) ?? getHostname(origin) ?? origin;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Known flags in their fixed order; unknown strings are dropped. Anything but an array means `[basic]`. */
export const normalizeFeatures = (value: unknown): Feature[] => {
  if (!Array.isArray(value)) return ['basic'];
  return FEATURES.filter((feature) => value.includes(feature));
};

const readSettings = (value: unknown): Record<string, unknown> => {
  if (!isRecord(value)) return {};
  const size = Buffer.byteLength(JSON.stringify(value));
  if (size > MAX_SETTINGS_BYTES) {
    throw new HttpError(
      413,
      `Scope settings are ${size} bytes as JSON, more than the ${MAX_SETTINGS_BYTES} allowed`,
    );
  }
  return value;
};

/**
 * The site's description of itself from a `POST /connect` body. Leniently read: a missing or malformed
 * body gives the defaults (name = origin, features = [basic], settings = {}). Oversized settings are refused.
 */
export const readRegistration = (
  origin: string,
  body: unknown,
): Pick<Scope, 'name' | 'features' | 'settings'> => {
  if (!isRecord(body)) return { name: origin, features: ['basic'], settings: {} };
  const name = typeof body.name === 'string' && body.name.trim() !== '' ? body.name.trim() : origin;
  return {
    name: name.slice(0, 200),
    features: normalizeFeatures(body.features),
    settings: readSettings(body.settings),
  };
};

/** `settings.pingfall`, or null when absent (then pingfall deletes nothing). */
export const pingfallSettings = (scope: Scope): PingfallSettings | null => {
  const raw = scope.settings.pingfall;
  if (!isRecord(raw)) return null;
  // `fail_status` was the field's name in desktop 0.5.12–0.5.13.
  const list = Array.isArray(raw.status) ? raw.status : Array.isArray(raw.fail_status) ? raw.fail_status : [];
  return {
    status: list.filter((code): code is number => Number.isInteger(code)),
    drop_unknown: raw.drop_unknown === true,
  };
};

/** An origin as typed by a user: http(s) URLs are reduced to their origin, other strings kept as they are. */
export const normalizeOrigin = (value: string): string => {
  const text = value.trim();
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // not a URL: keep it
  }
  return text.replace(/\/+$/, '');
};

export const isScope = (value: unknown): value is Scope =>
  isRecord(value) &&
  typeof value.host === 'string' &&
  typeof value.name === 'string' &&
  (value.state === 'pending' || value.state === 'allowed' || value.state === 'denied') &&
  Array.isArray(value.features) &&
  isRecord(value.settings);

export class ScopeRegistry {
  #scopes = new Map<string, Scope>();

  constructor(
    initial: Scope[] = [],
    private readonly onChange: (scopes: Scope[]) => void = () => {},
  ) {
    for (const scope of initial) {
      this.#scopes.set(scope.host, { ...scope, features: normalizeFeatures(scope.features) });
    }
  }

  get(host: string | undefined): Scope | undefined {
    return host === undefined ? undefined : this.#scopes.get(host);
  }

  list(): Scope[] {
    return [...this.#scopes.values()].map((scope) => ({ ...scope }));
  }

  /** A site asks to be known. An existing scope keeps its name and features, unless it was never claimed. */
  register(host: string, body: unknown): RegisterResult {
    const existing = this.#scopes.get(host);
    if (existing?.state === 'denied') return 'denied';
    if (existing) {
      if (!existing.claimed) {
        const registration = readRegistration(host, body);
        this.#commit(() => Object.assign(existing, registration, { claimed: true }));
      }
      return 'exists';
    }
    const registration = readRegistration(host, body);
    const pending = this.list().filter((scope) => scope.state === 'pending');
    const site = siteOf(host);
    const ofSite = pending.filter((scope) => siteOf(scope.host) === site).length;
    if (ofSite >= MAX_PENDING_PER_SITE) {
      throw new HttpError(
        429,
        `${ofSite} pages of ${site} are already waiting for approval: approve, deny or remove some first (pennon-wsrx scopes)`,
      );
    }
    if (pending.length >= MAX_PENDING_SCOPES) {
      throw new HttpError(
        429,
        `${pending.length} sites are already waiting for approval: approve, deny or remove some first (pennon-wsrx scopes)`,
      );
    }
    this.#commit(() => this.#scopes.set(host, { host, ...registration, state: 'pending', claimed: true }));
    return 'created';
  }

  /** `PATCH /connect`: a known scope updates its name, features and (unlike the desktop) settings. */
  update(host: string, body: Record<string, unknown>): Scope | undefined {
    const scope = this.#scopes.get(host);
    if (!scope) return undefined;
    const next = readRegistration(host, body);
    this.#commit(() => {
      scope.name = next.name;
      scope.features = next.features;
      if (isRecord(body.settings)) scope.settings = next.settings;
    });
    return { ...scope };
  }

  allow(host: string): Scope {
    return this.#setState(host, 'allowed');
  }

  deny(host: string): Scope {
    return this.#setState(host, 'denied');
  }

  remove(host: string): boolean {
    if (!this.#scopes.has(host)) return false;
    this.#commit(() => this.#scopes.delete(host));
    return true;
  }

  #setState(host: string, state: WsrxScopeState): Scope {
    this.#commit(() => {
      const scope = this.#scopes.get(host);
      if (scope) scope.state = state;
      else
        this.#scopes.set(host, {
          host,
          name: host,
          state,
          features: ['basic'],
          settings: {},
          claimed: false,
        });
    });
    return { ...(this.#scopes.get(host) as Scope) };
  }

  /** Applies a change and saves it; if saving throws, the scopes are put back as they were. */
  #commit(change: () => unknown): void {
    const before = new Map([...this.#scopes].map(([host, scope]) => [host, structuredClone(scope)]));
    change();
    try {
      this.onChange(this.list());
    } catch (error) {
      this.#scopes = before;
      throw error;
    }
  }
}
