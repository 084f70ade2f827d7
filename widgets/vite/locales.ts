// The elements' dictionaries: from each static/locales/{locale}.json, the `widgets.` keys and the parts the
// shared web components and SDK messages use, emitted as `locales/{locale}.json` beside the bundle. The server
// serves them at /widgets/locales/, and each element fetches its locale's (i18n/dictionary.ts). The same keys of
// the English file are also bundled, as the virtual module below: what an element says when the platform (and so
// every dictionary) cannot be reached.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
// Relative: the config is loaded by Node, which cannot import the SDK package's TypeScript by its name.
import { FALLBACK_LOCALE } from '../../sdk/src/locales.ts';
import { listLocales } from '../../web/vite/locales.ts';

/** Default-exports the bundled English dictionary (declared in src/i18n/english.d.ts). */
export const ENGLISH_MODULE_ID = 'virtual:pennon-widgets/english';
const RESOLVED_ENGLISH_ID = `\0${ENGLISH_MODULE_ID}`;

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

export const widgetLocalesPlugin = ({ dir }: { dir: string }): Plugin => {
  const widgetDictionary = async (locale: string): Promise<Tree> =>
    pickKeys(JSON.parse(await readFile(path.join(dir, `${locale}.json`), 'utf8')) as Tree, WIDGET_KEYS);
  return {
    name: 'pennon:widget-locales',
    resolveId: (id) => (id === ENGLISH_MODULE_ID ? RESOLVED_ENGLISH_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ENGLISH_ID) return undefined;
      this.addWatchFile(path.join(dir, `${FALLBACK_LOCALE}.json`));
      return `export default ${JSON.stringify(await widgetDictionary(FALLBACK_LOCALE))};`;
    },
    async generateBundle() {
      for (const locale of listLocales(dir)) {
        this.emitFile({
          type: 'asset',
          fileName: `locales/${locale}.json`,
          source: JSON.stringify(await widgetDictionary(locale)),
        });
      }
    },
  };
};
