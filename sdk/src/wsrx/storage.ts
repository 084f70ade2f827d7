// Where the wsrx options live between visits (client-spec §3: browser storage key `wsrx-options`).
import { WSRX_DEFAULT_API } from './client.ts';

/** The user's wsrx settings. */
export interface WsrxOptions {
  /** Daemon API base. */
  api: string;
  /** The name the site registers under; `{title}::CTF` once the platform title is known. */
  name: string;
  /** Open tunnels on every interface (`0.0.0.0`) instead of loopback. */
  allowLan: boolean;
}

/** The Web Storage key the options are kept under. */
export const WSRX_OPTIONS_KEY = 'wsrx-options';
/** The registration name before the platform's title is known. */
export const WSRX_DEFAULT_NAME = 'GZ::CTF';

/** The options before the user changes any. */
export const wsrxDefaultOptions: Readonly<WsrxOptions> = Object.freeze({
  api: WSRX_DEFAULT_API,
  name: WSRX_DEFAULT_NAME,
  allowLan: false,
});

/** The registration name for a platform title. */
export const wsrxName = (title: string): string => `${title}::CTF`;

/**
 * Keeps the options. Either method may be async, so an extension can back it with `chrome.storage`:
 * `{ load: async () => (await chrome.storage.local.get(WSRX_OPTIONS_KEY))[WSRX_OPTIONS_KEY],
 *    save: (options) => chrome.storage.local.set({ [WSRX_OPTIONS_KEY]: options }) }`.
 */
export interface WsrxOptionsStorage {
  /** The stored value, unchecked (see `readWsrxOptions`); anything unusable counts as nothing. */
  load(): unknown | Promise<unknown>;
  /** Stores the options. */
  save(options: WsrxOptions): void | Promise<void>;
}

/** The fields of `value` that are well-typed options; the rest is dropped. */
export const readWsrxOptions = (value: unknown): Partial<WsrxOptions> => {
  if (typeof value !== 'object' || value === null) return {};
  const raw = value as Record<string, unknown>;
  const options: Partial<WsrxOptions> = {};
  if (typeof raw.api === 'string' && raw.api !== '') options.api = raw.api;
  if (typeof raw.name === 'string' && raw.name !== '') options.name = raw.name;
  if (typeof raw.allowLan === 'boolean') options.allowLan = raw.allowLan;
  return options;
};

/** JSON under `key` in a Web Storage (localStorage unless given); unreadable JSON counts as nothing. */
export const webStorageOptions = (key = WSRX_OPTIONS_KEY, storage?: Storage): WsrxOptionsStorage => {
  const target = () => storage ?? globalThis.localStorage;
  return {
    load: () => {
      const text = target().getItem(key);
      try {
        return text === null ? undefined : JSON.parse(text);
      } catch {
        return undefined;
      }
    },
    save: (options) => target().setItem(key, JSON.stringify(options)),
  };
};

/** In memory only (Node, tests, private modes). */
export const memoryOptions = (
  initial?: Partial<WsrxOptions>,
): WsrxOptionsStorage & { value?: WsrxOptions } => {
  const store: WsrxOptionsStorage & { value?: WsrxOptions } = {
    load: () => ((store.value ?? initial) ? { ...initial, ...store.value } : undefined),
    save: (options) => {
      store.value = { ...options };
    },
  };
  return store;
};

/** localStorage where there is one, else memory. */
export const defaultOptionsStorage = (): WsrxOptionsStorage =>
  typeof globalThis.localStorage === 'undefined' ? memoryOptions() : webStorageOptions();
