// The one i18next instance of the client. ./index.ts starts it in the app, test/setup.ts in tests;
// components reach it through react-i18next.

import { FALLBACK_LOCALE, SUPPORTED_LOCALES } from '@pennon/sdk/locales';
import { createInstance, type InitOptions } from 'i18next';

export const i18n = createInstance();

/** Options shared by the app and the tests. */
export const BASE_OPTIONS = {
  supportedLngs: [...SUPPORTED_LOCALES],
  fallbackLng: FALLBACK_LOCALE,
  // 'zh-CN' only, never the bare 'zh' as well: each locale is one complete file.
  load: 'currentOnly',
  nonExplicitSupportedLngs: false,
  ns: ['translation'],
  defaultNS: 'translation',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
} satisfies InitOptions;

/** Keeps `<html lang>` equal to the current language. */
export const syncHtmlLang = () => {
  const apply = (language: string | undefined) => {
    if (language) document.documentElement.lang = language;
  };
  i18n.on('languageChanged', apply);
  apply(i18n.resolvedLanguage ?? i18n.language);
};
