// The elements' `t`: a locale's dictionary with en-US behind it, doing what i18next does with these dictionaries
// (`{{value}}` interpolation, `{{value, number}}` grouped in the locale's way, `_one`/`_other`… plurals by `count`,
// the key itself when no dictionary has it) at a
// fraction of its size in the bundle. translator.test.ts holds it to i18next's answers for every widget key.
import { FALLBACK_LOCALE, type Locale } from '@pennon/sdk/locales';

export type Dictionary = { [key: string]: string | Dictionary };

const lookup = (dictionary: Dictionary | undefined, key: string): string | undefined => {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

export class Translator {
  readonly language: Locale;
  /** What react-i18next's `i18n.resolvedLanguage` gives the shared components. */
  readonly resolvedLanguage: Locale;
  readonly #dictionaries: Dictionary[];
  readonly #plurals: Intl.PluralRules;
  readonly #numbers: Intl.NumberFormat;

  constructor(locale: Locale, dictionaries: Partial<Record<Locale, Dictionary>>) {
    this.language = locale;
    this.resolvedLanguage = locale;
    this.#dictionaries = [dictionaries[locale], dictionaries[FALLBACK_LOCALE]].filter(
      (dictionary): dictionary is Dictionary => dictionary !== undefined,
    );
    this.#plurals = new Intl.PluralRules(locale);
    this.#numbers = new Intl.NumberFormat(locale);
  }

  t = (key: string, values: Record<string, unknown> = {}): string => {
    const count = values.count;
    const keys = typeof count === 'number' ? [`${key}_${this.#plurals.select(count)}`, key] : [key];
    for (const dictionary of this.#dictionaries) {
      for (const candidate of keys) {
        const text = lookup(dictionary, candidate);
        if (text !== undefined) {
          return text.replace(
            /\{\{\s*([\w.]+)\s*(, *number)?\s*\}\}/g,
            (whole, name: string, number?: string) =>
              name in values
                ? number
                  ? this.#numbers.format(Number(values[name]))
                  : String(values[name])
                : whole,
          );
        }
      }
    }
    return key;
  };
}
