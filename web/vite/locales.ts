// Translation files live in the repository at static/locales/{locale}.json. This plugin makes them
// reachable by the client without bundling them into the JavaScript:
// - `vite build` emits each one (validated and minified) as `{assetsDir}/locales/{locale}.{hash}.json`;
// - `vite serve` points at `{base}static/locales/{locale}.json` (answered from disk by ./static-files.ts) and
//   reloads the page when one changes;
// - in both, the virtual module `virtual:locales` default-exports `{ [locale]: url }`.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

export const LOCALES_MODULE_ID = 'virtual:locales';
const RESOLVED_ID = `\0${LOCALES_MODULE_ID}`;

/** A file name (without `.json`) that may be a locale; anything else in the folder is ignored. */
const LOCALE_NAME = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export interface LocalesPluginOptions {
  /** Absolute path of the folder holding `{locale}.json`. */
  dir: string;
}

export const listLocales = (dir: string): string[] =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((name) => LOCALE_NAME.test(name))
    .sort();

/** Parses (so a broken file fails the build) and re-serialises without whitespace. */
const readMinified = (file: string): string => {
  try {
    return JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(`Invalid translation file ${file}: ${(error as Error).message}`);
  }
};

export const localesPlugin = ({ dir }: LocalesPluginOptions): Plugin => {
  let config: ResolvedConfig;
  const fileOf = (locale: string) => path.join(dir, `${locale}.json`);

  return {
    name: 'pennon:locales',

    configResolved(resolved) {
      config = resolved;
    },

    resolveId(id) {
      return id === LOCALES_MODULE_ID ? RESOLVED_ID : undefined;
    },

    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const urls: Record<string, string> = {};
      for (const locale of listLocales(dir)) {
        if (config.command === 'build') {
          const source = readMinified(fileOf(locale));
          const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
          const fileName = `${config.build.assetsDir}/locales/${locale}.${hash}.json`;
          this.emitFile({ type: 'asset', fileName, source });
          urls[locale] = `${config.base}${fileName}`;
        } else {
          this.addWatchFile(fileOf(locale));
          urls[locale] = `${config.base}static/locales/${locale}.json`;
        }
      }
      return `export default Object.freeze(${JSON.stringify(urls)});`;
    },

    configureServer(server) {
      server.watcher.add(dir);
      server.watcher.on('change', (file) => {
        if (path.dirname(file) === path.resolve(dir) && file.endsWith('.json')) {
          server.ws.send({ type: 'full-reload' });
        }
      });
    },
  };
};
