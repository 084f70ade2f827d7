// Every locale's widget dictionary holds what the elements look up, and nothing else of the app's.
import { readFileSync } from 'node:fs';
import { SUPPORTED_LOCALES } from '@pennon/sdk/locales';
import { describe, expect, it } from 'vitest';
import { pickKeys, WIDGET_KEYS } from '../vite/locales.ts';

const dictionary = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../static/locales/${locale}.json`, import.meta.url), 'utf8'));

describe('widget dictionaries', () => {
  it.each(SUPPORTED_LOCALES)('%s has the widget keys', (locale) => {
    const picked = pickKeys(dictionary(locale), WIDGET_KEYS);
    expect(Object.keys(picked).sort()).toEqual(['common', 'game', 'widgets']);
    expect(Object.keys(picked.common as object)).toEqual(['error']);
    expect(picked).toMatchObject({ widgets: { scoreboard: { ctftime: expect.any(String) } } });
  });

  it('translates the widget keys (not English copies)', () => {
    const english = dictionary('en-US').widgets;
    for (const locale of SUPPORTED_LOCALES.filter((name) => name !== 'en-US')) {
      expect(dictionary(locale).widgets.scoreboard.full, locale).not.toBe(english.scoreboard.full);
    }
  });

  it("has every widget key of en-US in every locale, and the site owner's and stream's strings translated", () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    const english = dictionary('en-US').widgets;
    for (const locale of SUPPORTED_LOCALES.filter((name) => name !== 'en-US')) {
      const widgets = dictionary(locale).widgets;
      expect(keys(widgets).sort(), locale).toEqual(keys(english).sort());
      for (const key of ['error.refused', 'notices.load_failed', 'top.title'] as const) {
        const [group, name] = key.split('.') as [string, string];
        expect(widgets[group][name], `${locale} ${key}`).not.toBe(english[group][name]);
      }
      expect(widgets.error.refused, locale).toContain('PENNON_EMBED_ORIGINS');
      expect(widgets.error.refused, locale).toContain('{{origin}}');
    }
  });

  it('fails the build on a missing subtree', () => {
    expect(() => pickKeys({ game: {} }, ['game.scoreboard'])).toThrow('no "game.scoreboard"');
  });
});
