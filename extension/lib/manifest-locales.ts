// The manifest's name and description in every locale: `_locales/<code>/messages.json`, generated at build
// time from `locales/*.json` (keys `manifest.name` and `manifest.description`), so one file per locale
// holds every text. The manifest then says `__MSG_name__` and the browser picks the user's language.

/** Our locale tags (`zh-CN`) as the browsers' `_locales` directory names (`zh_CN`; `en` is the default). */
export const manifestLocale = (locale: string): string =>
  locale.startsWith('zh-') ? locale.replace('-', '_') : (locale.split('-')[0] ?? locale);

export const DEFAULT_MANIFEST_LOCALE = 'en';

export interface LocaleFile {
  relativeDest: string;
  contents: string;
}

export const manifestLocaleFiles = (locales: Record<string, Record<string, string>>): LocaleFile[] =>
  Object.entries(locales).map(([locale, texts]) => {
    const name = texts['manifest.name'];
    const description = texts['manifest.description'];
    if (!name || !description)
      throw new Error(`locales/${locale}.json lacks manifest.name or manifest.description`);
    return {
      relativeDest: `_locales/${manifestLocale(locale)}/messages.json`,
      contents: `${JSON.stringify({ name: { message: name }, description: { message: description } }, null, 2)}\n`,
    };
  });
