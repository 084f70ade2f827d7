// The elements' dictionaries: from each static/locales/{locale}.json, the `widgets.` keys and the parts the
// shared web components and SDK messages use, emitted as `locales/{locale}.json` beside the bundle. The server
// serves them at /widgets/locales/, and each element fetches its locale's (i18n/dictionary.ts).
import path from 'node:path';
import type { Plugin } from 'vite';
import { listLocales } from '../../web/vite/locales.ts';

/** Dotted paths of the subtrees an element may look up. */
export const WIDGET_KEYS = [
  'widgets',
  'common.error',
  'game.scoreboard',
  'game.blood',
  'game.challenge',
  'game.notice',
] as const;

type Tree = { [key: string]: string | Tree };

export const pickKeys = (dictionary: Tree, paths: readonly string[]): Tree => {
  const picked: Tree = {};
  for (const dotted of paths) {
    const keys = dotted.split('.');
    let from: string | Tree | undefined = dictionary;
    for (const key of keys) from = typeof from === 'object' ? from[key] : undefined;
    if (from === undefined) throw new Error(`The translations have no "${dotted}"`);
    let into = picked;
    for (const key of keys.slice(0, -1)) {
      into[key] ??= {};
      into = into[key] as Tree;
    }
    into[keys[keys.length - 1] as string] = from;
  }
  return picked;
};

export const widgetLocalesPlugin = ({ dir }: { dir: string }): Plugin => ({
  name: 'pennon:widget-locales',
  async generateBundle() {
    const { readFile } = await import('node:fs/promises');
    for (const locale of listLocales(dir)) {
      const dictionary = JSON.parse(await readFile(path.join(dir, `${locale}.json`), 'utf8')) as Tree;
      this.emitFile({
        type: 'asset',
        fileName: `locales/${locale}.json`,
        source: JSON.stringify(pickKeys(dictionary, WIDGET_KEYS)),
      });
    }
  },
});
