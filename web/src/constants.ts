// Values the client shares across modules: defaults, storage keys and outside links.
/** The product's name, whatever a platform's title is. */
export const PRODUCT_NAME = 'Pennon';

export const STORAGE_KEYS = {
  /** The data cache (what "Clean cache" on the error screen removes). */
  cache: 'pennon-cache',
  /** The last configuration the server sent, shown before the next one arrives. */
  config: 'client-config',
  /** The chosen language (written by the language detector). */
  language: 'i18nextLng',
  /** The theme preference (client-spec §4), shared with the other tabs. */
  theme: 'theme',
  /** sessionStorage: set while reloading after a page module failed to load, so it happens once. */
  chunkReload: 'pennon-chunk-reload',
} as const;

export const REPOSITORY_URL = 'https://github.com/pennon-ctf/pennon';
/** Where users report problems and reach the maintainers. */
export const CONTACT_URL = `${REPOSITORY_URL}/issues`;
/** Where the state of each translation is tracked. */
export const TRANSLATION_PROGRESS_URL = `${REPOSITORY_URL}/tree/main/static/locales`;
