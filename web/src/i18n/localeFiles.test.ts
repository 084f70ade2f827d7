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
    expect(keysOf(read(locale)).sort()).toEqual(english);
  });

  it.each(SUPPORTED_LOCALES)('%s has no empty strings', (locale) => {
    const empty = Object.entries(read(locale) as object).filter(([, v]) => v === '');
    expect(empty).toEqual([]);
  });
});
