// The widgets' Translator gives what i18next gives for every key of every locale's widget dictionary.
import { readFileSync } from 'node:fs';
import { FALLBACK_LOCALE, SUPPORTED_LOCALES } from '@pennon/sdk/locales';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { BASE_OPTIONS } from '../../web/src/i18n/instance.ts';
import { type Dictionary, Translator } from '../src/i18n/translator.ts';
import { pickKeys, WIDGET_KEYS } from '../vite/locales.ts';

const widgetDictionary = (locale: string) =>
  pickKeys(
    JSON.parse(readFileSync(new URL(`../../static/locales/${locale}.json`, import.meta.url), 'utf8')),
    WIDGET_KEYS,
  ) as Dictionary;

const keysOf = (tree: Dictionary, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

const values = [
  {},
  { team: 'Gulls <b>', challenge: 'Login', count: 1, time: 'now', name: 'Ann', title: 'T', n: 2 },
  { count: 5, team: 'Terns' },
  { count: 12345, rank: 1234, score: 98765, team: 'Terns' },
];

describe('Translator', () => {
  const english = widgetDictionary(FALLBACK_LOCALE);

  it.each(SUPPORTED_LOCALES)('%s matches i18next on every widget key', async (locale) => {
    const dictionary = widgetDictionary(locale);
    const reference = createInstance();
    await reference.init({
      ...BASE_OPTIONS,
      lng: locale,
      resources: { [locale]: { translation: dictionary }, [FALLBACK_LOCALE]: { translation: english } },
    });
    const ours = new Translator(locale, { [locale]: dictionary, [FALLBACK_LOCALE]: english });
    for (const key of keysOf(english)) {
      for (const given of values)
        expect(ours.t(key, given), `${locale} ${key}`).toBe(reference.t(key, given));
    }
  });

  it('falls back to en-US, then to the key, and picks plural forms by count', () => {
    const ours = new Translator('fr-FR', {
      'fr-FR': { a: { apple_one: '{{count}} pomme', apple_other: '{{count}} pommes' } },
      'en-US': { a: { pear: 'pear' } },
    });
    expect(ours.t('a.apple', { count: 1 })).toBe('1 pomme');
    expect(ours.t('a.apple', { count: 3 })).toBe('3 pommes');
    expect(ours.t('a.pear')).toBe('pear');
    expect(ours.t('a.plum')).toBe('a.plum');
  });
});
