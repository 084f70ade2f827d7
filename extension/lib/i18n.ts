// The companion's texts: one JSON map per locale under `locales/`, keys as in en-US.json (the source).
// The locale follows the browser's languages by the platform's rules (@pennon/sdk/locales); missing keys fall
// back to English.
import { type Locale, pickLocale } from '@pennon/sdk/locales';
import de from '../locales/de-DE.json' with { type: 'json' };
import en from '../locales/en-US.json' with { type: 'json' };
import es from '../locales/es-ES.json' with { type: 'json' };
import fr from '../locales/fr-FR.json' with { type: 'json' };
import id from '../locales/id-ID.json' with { type: 'json' };
import ja from '../locales/ja-JP.json' with { type: 'json' };
import ko from '../locales/ko-KR.json' with { type: 'json' };
import ru from '../locales/ru-RU.json' with { type: 'json' };
import vi from '../locales/vi-VN.json' with { type: 'json' };
import zhCN from '../locales/zh-CN.json' with { type: 'json' };
import zhTW from '../locales/zh-TW.json' with { type: 'json' };

export type TextKey = keyof typeof en;
type Texts = Partial<Record<TextKey, string>>;

export const LOCALES: Record<Locale, Texts> = {
  'de-DE': de,
  'en-US': en,
  'es-ES': es,
  'fr-FR': fr,
  'id-ID': id,
  'ja-JP': ja,
  'ko-KR': ko,
  'ru-RU': ru,
  'vi-VN': vi,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** The locale of the first of the browser's preferred languages the extension speaks; en-US when none is. */
export const browserLocale = (browser: Partial<Pick<Navigator, 'language' | 'languages'>> = {}): Locale =>
  pickLocale(browser.languages?.length ? browser.languages : [browser.language ?? '']);

export const translator = (locale: Locale) => {
  const texts = LOCALES[locale];
  return (key: TextKey, vars: Record<string, string | number> = {}): string =>
    (texts[key] ?? en[key]).replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : whole,
    );
};

export const t = translator(browserLocale(globalThis.navigator));
