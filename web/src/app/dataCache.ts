// The data cache (client-spec §9): SWR's cache, read back from local storage when the page starts and
// written there, lz-string compressed, when it unloads; the next visit shows the last data at once
// while the fresh data loads. The error screen's "Clean cache" removes it.
import { compressToUTF16, decompressFromUTF16 } from 'lz-string';
import { type Key, type State, unstable_serialize } from 'swr';
import { CONFIG_KEY } from '../api/useConfig.ts';
import { PROFILE_KEY } from '../api/useUser.ts';
import { CAPTCHA_KEY } from '../components/Captcha/captchaKey.ts';
import { STORAGE_KEYS } from '../constants.ts';
import { local, readItem, removeItem, writeItem } from '../utils/storage.ts';

/**
 * Answers fetched once per page load, whose hooks skip fetching when the cache has them: kept across
 * a reload, they would never be fetched again.
 */
const PAGE_LOAD_KEYS: ReadonlySet<string> = new Set([CONFIG_KEY, PROFILE_KEY, CAPTCHA_KEY]);

type Entry = [key: string, state: State];

/** What is worth keeping: data (not errors or loading flags), under keys that mean the same next time. */
const keepable = ([key, state]: Entry): boolean =>
  state.data !== undefined && !key.startsWith('$') && !PAGE_LOAD_KEYS.has(key);

export const encodeCache = (cache: Map<string, State>): string =>
  compressToUTF16(JSON.stringify([...cache].filter(keepable).map(([key, { data }]) => [key, { data }])));

/** The stored entries; none when nothing (usable) is stored. */
export const decodeCache = (stored: string | null): Entry[] => {
  if (!stored) return [];
  try {
    const entries: unknown = JSON.parse(decompressFromUTF16(stored) || 'null');
    return Array.isArray(entries)
      ? entries.filter((entry): entry is Entry => Array.isArray(entry) && typeof entry[0] === 'string')
      : [];
  } catch {
    return [];
  }
};

/** Cleared by "Clean cache": the page is about to reload, and must not store its cache on the way out. */
let storeOnUnload = true;

/** Removes the stored cache for good: this page won't write it back when it unloads. */
export const forgetStoredCache = (): void => {
  storeOnUnload = false;
  removeItem(local, STORAGE_KEYS.cache);
};

/** The provider of the app's SWRConfig: the cache the last visit left, written back on unload. */
export const persistentCache = (): Map<string, State> => {
  const cache = new Map(decodeCache(readItem(local, STORAGE_KEYS.cache)));
  // `pagehide` fires on every way out, closing the tab included, where mobile browsers skip `unload`.
  window.addEventListener('pagehide', () => {
    if (!storeOnUnload) return;
    // Too large for the storage: better none than the previous visit's.
    if (!writeItem(local, STORAGE_KEYS.cache, encodeCache(cache))) removeItem(local, STORAGE_KEYS.cache);
  });
  return cache;
};

// One cache a page: StrictMode may call the provider twice, and only one cache may be written on unload.
let appCache: Map<string, State> | undefined;

/** The app's data cache (its SWRConfig's provider), read back from storage when first asked for. */
export const appDataCache = (): Map<string, State> => {
  appCache ??= persistentCache();
  return appCache;
};

/** Whether the app has data under `key` to show at once (stored by the last visit, or fetched since). */
export const hasData = (key: Key): boolean => appDataCache().get(unstable_serialize(key))?.data !== undefined;
