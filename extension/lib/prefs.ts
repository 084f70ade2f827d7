// The companion's own settings (browser.storage.local, key `pennon-prefs`) and the platforms it watches.
// Pure: no browser API here, so it is unit-tested in Node.

export const PREFS_KEY = 'pennon-prefs';
export const STATUS_KEY = 'pennon-status';

export type NoticeKind = 'offline' | 'online' | 'pending' | 'tunnelGone' | 'tunnelDown' | 'tunnelUp';
export const NOTICE_KINDS: readonly NoticeKind[] = [
  'offline',
  'online',
  'pending',
  'tunnelGone',
  'tunnelDown',
  'tunnelUp',
];

export interface Prefs {
  /** Which system notifications to raise. */
  notify: Record<NoticeKind, boolean>;
  /** Origins of the CTF platforms the user chose to watch (e.g. `https://ctf.example.com`). */
  platforms: string[];
}

export const defaultPrefs = (): Prefs => ({
  notify: { offline: true, online: true, pending: true, tunnelGone: true, tunnelDown: true, tunnelUp: true },
  platforms: [],
});

/** The well-typed fields of a stored value over the defaults. */
export const readPrefs = (value: unknown): Prefs => {
  const prefs = defaultPrefs();
  if (typeof value !== 'object' || value === null) return prefs;
  const raw = value as { notify?: unknown; platforms?: unknown };
  if (typeof raw.notify === 'object' && raw.notify !== null) {
    const notify = raw.notify as Record<string, unknown>;
    for (const kind of NOTICE_KINDS) {
      if (typeof notify[kind] === 'boolean') prefs.notify[kind] = notify[kind];
    }
  }
  if (Array.isArray(raw.platforms)) {
    const seen = new Set<string>();
    for (const item of raw.platforms) {
      const origin = typeof item === 'string' ? normalizeOrigin(item) : null;
      if (origin) seen.add(origin);
    }
    prefs.platforms = [...seen];
  }
  return prefs;
};

/** `https://ctf.example.com/games/1` or `ctf.example.com` → `https://ctf.example.com`; null when not http(s). */
export const normalizeOrigin = (input: string): string | null => {
  const text = input.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url.origin;
};

/**
 * The host permission (a match pattern) that lets the watcher run on `origin`. Match patterns carry no
 * port in Firefox, so the port is dropped; the watcher itself checks the exact origin.
 */
export const originPattern = (origin: string): string => {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
};
