// The server's translations: one flat catalog per locale under static/locales/server/, mapping an English
// message template (the key, see message.ts) to the locale's template. English needs no catalog.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALLBACK_LOCALE, type Locale, matchLocale } from '@pennon/sdk/locales';
import { Message, type Text } from './message.ts';

export const catalogDir = fileURLToPath(new URL('../../../static/locales/server/', import.meta.url));

type Catalog = Readonly<Record<string, string>>;

const loadCatalogs = (): ReadonlyMap<string, Catalog> =>
  new Map(
    readdirSync(catalogDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        path.basename(file, '.json'),
        JSON.parse(readFileSync(path.join(catalogDir, file), 'utf8')) as Catalog,
      ]),
  );

let catalogs: ReadonlyMap<string, Catalog> | undefined;

/**
 * The locale an `Accept-Language` header asks for: its tags by descending quality, the first one that
 * maps onto a supported locale; English when none does.
 */
export const negotiateLocale = (header: string | undefined): Locale => {
  if (!header) return FALLBACK_LOCALE;
  const ranked = header
    .split(',')
    .slice(0, 16)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return FALLBACK_LOCALE;
};

/** A text in a locale: the catalog's template when it has one, else the English. */
export const translate = (text: Text, locale: Locale): string => {
  catalogs ??= loadCatalogs();
  const message = typeof text === 'string' ? new Message(text) : text;
  return message.format(
    catalogs.get(locale)?.[message.key] ?? message.key,
    (nested) => translate(nested, locale),
    locale,
  );
};
