// The companion's texts: one JSON map per locale under `locales/`, keys as in en-US.json (the source).
// The locale follows the browser's UI language; missing keys fall back to English.
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

export const LOCALES: Record<string, Texts> = {
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

/** The supported locale closest to a BCP 47 tag: exact, then `zh-Hant`/`zh-HK` → zh-TW, then by language. */
export const pickLocale = (tag: string | undefined): string => {
  if (!tag) return 'en-US';
  const lower = tag.toLowerCase();
  const exact = Object.keys(LOCALES).find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  if (/^zh-(hant|tw|hk|mo)/.test(lower)) return 'zh-TW';
  const language = lower.split('-')[0];
  return Object.keys(LOCALES).find((locale) => locale.toLowerCase().startsWith(`${language}-`)) ?? 'en-US';
};

export const translator = (locale: string) => {
  const texts = LOCALES[locale] ?? en;
  return (key: TextKey, vars: Record<string, string | number> = {}): string =>
    (texts[key] ?? en[key]).replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : whole,
    );
};

export const t = translator(pickLocale(globalThis.navigator?.language));
