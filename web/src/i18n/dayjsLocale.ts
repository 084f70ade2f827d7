// Mantine's date pickers name months and weekdays through dayjs, which knows only English until a locale file is
// loaded: each one is fetched when its language is first chosen, not shipped with the app.
import { FALLBACK_LOCALE, type Locale, matchLocale } from '@pennon/sdk/locales';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Each locale's dayjs name and how to load it (English is built in). */
const DAYJS_LOCALES: Readonly<Record<Locale, [name: string, load?: () => Promise<unknown>]>> = {
  'en-US': ['en'],
  'zh-CN': ['zh-cn', () => import('dayjs/locale/zh-cn.js')],
  'zh-TW': ['zh-tw', () => import('dayjs/locale/zh-tw.js')],
  'ja-JP': ['ja', () => import('dayjs/locale/ja.js')],
  'id-ID': ['id', () => import('dayjs/locale/id.js')],
  'ko-KR': ['ko', () => import('dayjs/locale/ko.js')],
  'ru-RU': ['ru', () => import('dayjs/locale/ru.js')],
  'vi-VN': ['vi', () => import('dayjs/locale/vi.js')],
  'de-DE': ['de', () => import('dayjs/locale/de.js')],
  'fr-FR': ['fr', () => import('dayjs/locale/fr.js')],
  'es-ES': ['es', () => import('dayjs/locale/es.js')],
};

export interface DayjsLocale {
  name: string;
  /** 0 is Sunday, as the locale's calendars start their weeks. */
  weekStart: number;
}

const loaded = (name: string): DayjsLocale => ({ name, weekStart: dayjs.Ls[name]?.weekStart ?? 0 });

/** The dayjs locale of the current language, once loaded; English (and the previous language) until then. */
export function useDayjsLocale(): DayjsLocale {
  const { i18n } = useTranslation();
  const locale = matchLocale(i18n.resolvedLanguage ?? i18n.language ?? '') ?? FALLBACK_LOCALE;
  const [current, setCurrent] = useState(() => loaded('en'));
  useEffect(() => {
    const [name, load] = DAYJS_LOCALES[locale];
    let live = true;
    // A locale that fails to load leaves the pickers in the language they had.
    (load ? load() : Promise.resolve()).then(
      () => live && setCurrent(loaded(name)),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return current;
}
