// Each element's translations, fetched once per server and locale from the server the element talks to
// (`/widgets/locales/{locale}.json`: the `widgets.` keys and the game keys the shared components use, see
// vite/locales.ts), with en-US behind them. Separate from any i18n of the host page.
//
// English is also in the bundle, so an element never shows its keys: when a dictionary cannot be fetched (the
// platform is down or unreachable), the element speaks the bundled English and the fetch is tried again, with the
// pollers' back-off, until the page's language arrives and replaces it.

import english from 'virtual:pennon-widgets/english';
import { requestDefaults } from '@pennon/sdk';
import { DEFAULT_TIMING, nextDelay } from '@pennon/sdk/feed';
import { FALLBACK_LOCALE, type Locale } from '@pennon/sdk/locales';
import { type Dictionary, Translator } from './translator.ts';

type Listener = (translator: Translator) => void;

const fetchDictionary = async (server: string, locale: Locale): Promise<Dictionary> => {
  // A platform that never answers must not keep the element on its placeholder: the SDK's timeout applies.
  const timeout = requestDefaults.timeout;
  const response = await fetch(`${server}/widgets/locales/${locale}.json`, {
    credentials: 'omit',
    ...(timeout !== false && { signal: AbortSignal.timeout(timeout) }),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status} for the ${locale} dictionary`);
  return (await response.json()) as Dictionary;
};

/** One server's dictionaries for one locale, and the elements that show them. */
class DictionaryLoad {
  #translator: Translator | undefined;
  #complete = false;
  #loading = false;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #delay = 0;
  readonly #listeners = new Set<Listener>();

  constructor(
    readonly server: string,
    readonly locale: Locale,
  ) {}

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    if (this.#translator) listener(this.#translator);
    void this.#load();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size > 0) return;
      // Nobody shows these any more: stop retrying (a new element starts again).
      clearTimeout(this.#retry);
      this.#retry = undefined;
    };
  }

  async #load() {
    if (this.#complete || this.#loading || this.#retry !== undefined) return;
    this.#loading = true;
    const locales = [...new Set([this.locale, FALLBACK_LOCALE])];
    const results = await Promise.allSettled(
      locales.map(async (lng) => [lng, await fetchDictionary(this.server, lng)] as const),
    );
    this.#loading = false;
    const fetched = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    this.#complete = fetched.length === locales.length;
    // The platform's English, when it came, over the bundled one (the platform may be a newer version).
    this.#translator = new Translator(this.locale, {
      [FALLBACK_LOCALE]: english,
      ...Object.fromEntries(fetched),
    });
    for (const listener of this.#listeners) listener(this.#translator);
    if (this.#complete || this.#listeners.size === 0) return;
    this.#delay = nextDelay(this.#delay, 'failed', DEFAULT_TIMING);
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.#load();
    }, this.#delay);
  }
}

const loads = new Map<string, DictionaryLoad>();

/**
 * Calls `listener` with the translator for a server and locale (shared by the page's elements) once it is
 * there, and again each time a dictionary that had failed arrives. Returns the unsubscribe.
 */
export const watchDictionary = (server: string, locale: Locale, listener: Listener): (() => void) => {
  const key = `${server}|${locale}`;
  let load = loads.get(key);
  if (!load) {
    load = new DictionaryLoad(server, locale);
    loads.set(key, load);
  }
  return load.subscribe(listener);
};
