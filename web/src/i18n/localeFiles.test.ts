// Every translation file has exactly the keys of en-US (read from disk, as the build emits them).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPPORTED_LOCALES } from '@pennon/sdk/locales';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../static/locales');
const read = (locale: string): unknown => JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8'));

/** `a.b.c` for every string leaf; anything but objects of strings is reported as a bad key. */
const keysOf = (value: unknown, prefix = ''): string[] =>
  Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => {
    const name = `${prefix}${key}`;
    if (typeof child === 'string') return [name];
    if (child && typeof child === 'object' && !Array.isArray(child)) return keysOf(child, `${name}.`);
    return [`${name} (not a string)`];
  });

/** A counted string is one key per plural form of the language (`solves_one`, `solves_few`…, i18next's suffixes). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: string[]) => [...new Set(keys.map((key) => key.replace(PLURAL, '')))].sort();
/** Each counted key's plural forms, by its base key. */
const pluralForms = (keys: string[]): Record<string, string[]> => {
  const forms: Record<string, string[]> = {};
  for (const key of keys) {
    const form = PLURAL.exec(key)?.[1];
    if (!form) continue;
    const base = key.replace(PLURAL, '');
    forms[base] = [...(forms[base] ?? []), form];
  }
  for (const list of Object.values(forms)) list.sort();
  return forms;
};

const english = keysOf(read('en-US')).sort();

describe('translation files', () => {
  it('exist for exactly the supported locales', () => {
    const files = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -5))
      .sort();
    expect(files).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it('define the keys the SDK relies on', () => {
    expect(english).toEqual(
      expect.arrayContaining(['common.error.unknown', 'common.error.try_later', 'common.error.encountered']),
    );
  });

  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en-US'))('%s has the en-US key set', (locale) => {
    expect(baseKeys(keysOf(read(locale)))).toEqual(baseKeys(english));
  });

  it.each(SUPPORTED_LOCALES)('%s counts in every plural form of its language, and only those', (locale) => {
    const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
    // Counted: English has a `_one` form (a key merely named `…_other` is not).
    const counted = Object.entries(pluralForms(english))
      .filter(([, list]) => list.includes('one'))
      .map(([key]) => key);
    expect(counted).toEqual(expect.arrayContaining(['game.challenge.solves', 'game.challenge.points']));
    const forms = pluralForms(keysOf(read(locale)));
    for (const key of counted) expect([key, forms[key]]).toEqual([key, categories]);
  });

  it.each(SUPPORTED_LOCALES)('%s has no empty strings', (locale) => {
    const empty = Object.entries(read(locale) as object).filter(([, v]) => v === '');
    expect(empty).toEqual([]);
  });
});
