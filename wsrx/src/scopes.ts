// Scopes: one per website, keyed by the exact `Origin` of its requests. A site registers itself as
// pending; the user allows, denies or removes it. Every change is handed to `onChange` to be saved.

export const FEATURES = ['basic', 'pingfall'] as const;
export type Feature = (typeof FEATURES)[number];

/** `pending` waits for the user; `allowed` may open tunnels; `denied` is refused until allowed or removed. */
export type ScopeState = 'pending' | 'allowed' | 'denied';

export interface Scope {
  host: string;
  name: string;
  state: ScopeState;
  features: Feature[];
  settings: Record<string, unknown>;
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Known flags in their fixed order; unknown strings are dropped. Anything but an array means `[basic]`. */
export const normalizeFeatures = (value: unknown): Feature[] => {
  if (!Array.isArray(value)) return ['basic'];
  return FEATURES.filter((feature) => value.includes(feature));
};

/**
 * The site's description of itself from a `POST /connect` body. Leniently read: a missing or malformed
 * body gives the defaults (name = origin, features = [basic], settings = {}).
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
    settings: isRecord(body.settings) ? body.settings : {},
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
  readonly #scopes = new Map<string, Scope>();

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
        Object.assign(existing, readRegistration(host, body), { claimed: true });
        this.#changed();
      }
      return 'exists';
    }
    this.#scopes.set(host, { host, ...readRegistration(host, body), state: 'pending', claimed: true });
    this.#changed();
    return 'created';
  }

  /** `PATCH /connect`: a known scope updates its name, features and (unlike the desktop) settings. */
  update(host: string, body: Record<string, unknown>): Scope | undefined {
    const scope = this.#scopes.get(host);
    if (!scope) return undefined;
    const next = readRegistration(host, body);
    scope.name = next.name;
    scope.features = next.features;
    if (isRecord(body.settings)) scope.settings = next.settings;
    this.#changed();
    return { ...scope };
  }

  allow(host: string): Scope {
    return this.#setState(host, 'allowed');
  }

  deny(host: string): Scope {
    return this.#setState(host, 'denied');
  }

  remove(host: string): boolean {
    const removed = this.#scopes.delete(host);
    if (removed) this.#changed();
    return removed;
  }

  #setState(host: string, state: ScopeState): Scope {
    let scope = this.#scopes.get(host);
    if (!scope) {
      scope = { host, name: host, state, features: ['basic'], settings: {}, claimed: false };
      this.#scopes.set(host, scope);
    }
    scope.state = state;
    this.#changed();
    return { ...scope };
  }

  #changed(): void {
    this.onChange(this.list());
  }
}
