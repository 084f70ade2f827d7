import { type Locale, pickLocale } from '@pennon/sdk/locales';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';

/** Where the language is looked for, first hit wins; the choice is kept in localStorage `i18nextLng`. */
export const DETECTION_OPTIONS: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage'],
};

/**
 * The browser detector, narrowed to supported locales: values that are not language tags (injected
 * markup, quotes, …) are discarded, the first value that maps onto a supported locale wins, and with
 * none the fallback (en-US) is used.
 */
export class LocaleDetector extends LanguageDetector {
  constructor() {
    super(undefined, DETECTION_OPTIONS);
  }

  override detect(order?: DetectorOptions['order']): Locale {
    const found = super.detect(order);
    return pickLocale(typeof found === 'string' ? [found] : (found ?? []));
  }
}
