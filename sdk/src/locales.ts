// The locales the clients ship (client-spec §9), and how any detected or stored language value maps onto one of
// them, discarding values that are no language tag at all (§4: a detected value that looks like injection).

/** The languages the platform speaks, as BCP 47 tags. */
export const SUPPORTED_LOCALES = [
  'en-US',
  'zh-CN',
  'zh-TW',
  'ja-JP',
  'id-ID',
  'ko-KR',
  'ru-RU',
  'vi-VN',
  'de-DE',
  'fr-FR',
  'es-ES',
] as const;

/** One of {@link SUPPORTED_LOCALES}. */
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/** The language used when none of the asked-for ones is supported. */
export const FALLBACK_LOCALE: Locale = 'en-US';

/** Translated by machine and AI: choosing one asks for confirmation. */
export const MACHINE_TRANSLATED: readonly Locale[] = ['de-DE', 'fr-FR', 'es-ES'];

/** Translations still in progress: choosing one asks for confirmation. */
export const WORK_IN_PROGRESS: readonly Locale[] = [];

/** Each locale's name in its own language, for the selector. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'ja-JP': '日本語',
  'id-ID': 'Bahasa Indonesia',
  'ko-KR': '한국어',
  'ru-RU': 'Русский',
  'vi-VN': 'Tiếng Việt',
  'de-DE': 'Deutsch',
  'fr-FR': 'Français',
  'es-ES': 'Español',
};

/** A BCP-47-ish tag: a 2–3 letter language and 2–8 character subtags (`_` is read as `-`). */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Chinese tags that mean traditional script: the script subtag, or a region that uses it. */
const TRADITIONAL_CHINESE = new Set(['hant', 'tw', 'hk', 'mo']);

/** Whether `value` is exactly one of {@link SUPPORTED_LOCALES}. */
export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);

/** Whether a value has the shape of a language tag at all (markup, quotes, spaces and the like fail). */
export const isLanguageTag = (value: string): boolean => value.length <= 64 && LANGUAGE_TAG.test(value);

/**
 * The supported locale a language tag stands for, or undefined when none does (or it is not a tag).
 * Exact match first (case-insensitive), then by language: `zh-Hant`/`zh-TW`/`zh-HK` → zh-TW,
 * other Chinese → zh-CN, `en`/`en-GB` → en-US, `fr`/`fr-CA` → fr-FR, `in` (old Indonesian) → id-ID.
 */
export const matchLocale = (value: string): Locale | undefined => {
  const tag = value.trim().replaceAll('_', '-');
  if (!isLanguageTag(tag)) return undefined;
  const lower = tag.toLowerCase();
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  const [language, ...subtags] = lower.split('-');
  if (language === 'zh') return subtags.some((s) => TRADITIONAL_CHINESE.has(s)) ? 'zh-TW' : 'zh-CN';
  const base = language === 'in' ? 'id' : language;
  return SUPPORTED_LOCALES.find((locale) => locale.split('-')[0] === base);
};

/**
 * Converts a detected or stored language to a supported locale. Returns null when the value does not
 * look like a language tag (for instance an attempt to inject markup): the caller must discard it.
 * A well-formed tag of an unsupported language gives the fallback, en-US.
 */
export const normalizeLanguage = (value: string): Locale | null => {
  if (!isLanguageTag(value.trim().replaceAll('_', '-'))) return null;
  return matchLocale(value) ?? FALLBACK_LOCALE;
};

/**
 * The locale for what a detector found, in its order of preference: the first value that is a language tag of a
 * supported language wins; injected or unsupported values are skipped; with none, the fallback (en-US).
 */
export const pickLocale = (candidates: readonly string[]): Locale => {
  for (const candidate of candidates) {
    const locale = matchLocale(candidate);
    if (locale) return locale;
  }
  return FALLBACK_LOCALE;
};
