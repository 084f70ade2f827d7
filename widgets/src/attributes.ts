// The elements' attributes as values the components can trust: a server is an http(s) origin, ids are
// positive integers, booleans are present or absent. Anything else counts as unset.
import { type Locale, pickLocale } from '@pennon/sdk/locales';

export type ColorScheme = 'light' | 'dark' | 'auto';

/** The origin of an http(s) address, or undefined: no other scheme, no credentials in the address. */
export const parseServer = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  try {
    const url = new URL(value, document.baseURI);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username || url.password) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
};

export const parseId = (value: string | undefined): number | undefined => {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
};

/** A present attribute is true (`compact`, `compact=""`), except the words `false`, `off` and `0`. */
export const parseFlag = (value: string | undefined): boolean =>
  value !== undefined && !['false', 'off', '0'].includes(value.trim().toLowerCase());

export const parseColorScheme = (value: string | undefined): ColorScheme =>
  value === 'light' || value === 'dark' ? value : 'auto';

/** The attribute's locale, else the page's language, else the browser's; en-US when none is supported. */
export const parseLocale = (value: string | undefined): Locale =>
  pickLocale([value, document.documentElement.lang, navigator.language].filter((tag) => !!tag) as string[]);

export const parseRows = (value: string | undefined, fallback: number): number => {
  const rows = parseId(value);
  return rows === undefined ? fallback : Math.min(rows, 500);
};

/** `columns`: `compact` or `full` as asked; anything else folds the challenge columns away in a narrow box. */
export const parseColumns = (value: string | undefined): 'compact' | 'full' | undefined =>
  value === 'compact' || value === 'full' ? value : undefined;

/** `range`: `all` (the whole game) or a number of hours (`6`, `6h`); anything else leaves the default. */
export const parseRange = (value: string | undefined): 'all' | number | undefined => {
  const text = value?.trim().toLowerCase();
  if (text === 'all') return 'all';
  const hours = /^(\d{1,5})\s*h?$/.exec(text ?? '')?.[1];
  return hours && Number(hours) > 0 ? Number(hours) : undefined;
};
