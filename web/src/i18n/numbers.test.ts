// Quantities inside translated sentences are grouped the reader's way ("1.234 Punkte", "1 234 points") by
// i18next's own `number` format, named in the string ({{count, number}}); every other value (ids, years, ports,
// codes) is interpolated as given.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { BASE_OPTIONS } from './instance.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../static/locales');
type Tree = { [key: string]: string | Tree };
const dictionary = (locale: string): Tree =>
  JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8'));
const translator = async (locale: string) => {
  const instance = createInstance();
  await instance.init({
    ...BASE_OPTIONS,
    lng: locale,
    resources: { [locale]: { translation: dictionary(locale) } },
  });
  return instance.t;
};

/** Each string's variables, key → name → formatted as a number or not. */
const variables = (tree: Tree, prefix = ''): Map<string, Map<string, boolean>> =>
  new Map(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [
            [
              `${prefix}${key}`.replace(/_(zero|one|two|few|many|other)$/, ''),
              new Map(
                [...value.matchAll(/\{\{\s*(\w+)\s*(, *number)?\s*\}\}/g)].map((m) => [m[1] ?? '', !!m[2]]),
              ),
            ] as const,
          ]
        : [...variables(value, `${prefix}${key}.`)],
    ),
  );

describe('numbers in sentences', () => {
  it.each([
    ['en-US', '1,234 points', 'Rank 12,345', 'Teams registered: 12,345'],
    ['de-DE', '1.234 Punkte', 'Platz 12.345', 'Angemeldete Teams: 12.345'],
    ['fr-FR', '1\u202f234 points', '12\u202f345e place', 'Équipes inscrites : 12\u202f345'],
  ])('%s groups scores, ranks and counts', async (locale, points, rank, teams) => {
    const t = await translator(locale);
    expect(t('game.challenge.points', { count: 1234 })).toBe(points);
    expect(t('game.rank.place', { rank: 12345 })).toBe(rank);
    expect(t('game.team_count', { count: 12345 })).toBe(teams);
  });

  it('leaves ids and page numbers as given', async () => {
    const t = await translator('de-DE');
    expect(t('admin.challenge.hints.item', { n: 12345 })).toContain('12345');
    expect(t('admin.list.page', { page: 12345 })).toContain('12345');
  });

  it.each(readdirSync(dir).filter((file) => file.endsWith('.json') && file !== 'en-US.json'))(
    '%s formats the same values as en-US',
    (file) => {
      const english = variables(dictionary('en-US'));
      for (const [key, names] of variables(dictionary(file.replace(/\.json$/, '')))) {
        for (const [name, number] of names) {
          const expected = english.get(key)?.get(name);
          if (expected !== undefined) expect(number, `${file} ${key} {{${name}}}`).toBe(expected);
        }
      }
    },
  );
});
