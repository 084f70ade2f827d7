// Counts read naturally in every language: "1 solve", "2 solves"; "1 решение", "3 решения", "5 решений".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../static/locales');
const translator = async (locale: string) => {
  const instance = createInstance();
  const translation = JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8'));
  await instance.init({ lng: locale, resources: { [locale]: { translation } } });
  return instance.t;
};

describe('counted strings', () => {
  it.each([
    ['en-US', 'game.challenge.solves', [1, 2], ['1 solve', '2 solves']],
    ['en-US', 'game.challenge.points', [1, 500], ['1 point', '500 points']],
    ['en-US', 'admin.challenge.list.solves', [1, 0], ['1 solve', '0 solves']],
    ['de-DE', 'game.challenge.solves', [1, 2], ['1 Lösung', '2 Lösungen']],
    ['fr-FR', 'game.challenge.solves', [1, 2], ['1 résolution', '2 résolutions']],
    ['ru-RU', 'game.challenge.solves', [1, 3, 5, 21], ['1 решение', '3 решения', '5 решений', '21 решение']],
    ['ru-RU', 'game.challenge.points', [1, 2, 11], ['1 очко', '2 очка', '11 очков']],
    ['ja-JP', 'game.challenge.points', [1, 2], ['1 点', '2 点']],
  ])('%s %s', async (locale, key, counts, expected) => {
    const t = await translator(locale);
    expect(counts.map((count) => t(key, { count }))).toEqual(expected);
  });

  it.each([
    ['ru-RU', [1, 3, 5], ['Сейчас 1 решение,', 'Сейчас 3 решения,', 'Сейчас 5 решений,']],
    ['fr-FR', [1, 2], ['Avec 1 résolution actuellement', 'Avec 2 résolutions actuellement']],
    ['de-DE', [1, 2], ['Bei jetzt 1 Lösung ist', 'Bei jetzt 2 Lösungen ist']],
  ])('%s score-curve caption', async (locale, counts, expected) => {
    const t = await translator(locale as string);
    const captions = (counts as number[]).map((count) =>
      t('admin.challenge.scoring.caption', { count, first: 1000, five: 800, floor: 250, current: 900 }),
    );
    for (const [index, caption] of captions.entries())
      expect(caption).toContain((expected as string[])[index]);
  });
});
