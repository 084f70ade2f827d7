// Each element's translations, fetched once per server and locale from the server the element talks to
// (`/widgets/locales/{locale}.json`: the `widgets.` keys and the game keys the shared components use, see
// vite/locales.ts), with en-US behind them. Separate from any i18n of the host page.
import { requestDefaults } from '@pennon/sdk';
import { FALLBACK_LOCALE, type Locale } from '@pennon/sdk/locales';
import { type Dictionary, Translator } from './translator.ts';

const loaded = new Map<string, Promise<Translator>>();

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

const load = async (server: string, locale: Locale): Promise<Translator> => {
  const results = await Promise.allSettled(
    [...new Set([locale, FALLBACK_LOCALE])].map(
      async (lng) => [lng, await fetchDictionary(server, lng)] as const,
    ),
  );
  // A dictionary that fails to load leaves the other (or the keys) to show.
  const dictionaries = Object.fromEntries(
    results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
  );
  return new Translator(locale, dictionaries);
};

/** The translator for a server and locale, shared by the page's elements. */
export const dictionaryFor = (server: string, locale: Locale): Promise<Translator> => {
  const key = `${server}|${locale}`;
  let translator = loaded.get(key);
  if (!translator) {
    translator = load(server, locale);
    loaded.set(key, translator);
  }
  return translator;
};
