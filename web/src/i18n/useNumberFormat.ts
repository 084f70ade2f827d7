// Scores, counts and ranks in the reader's language (grouping digits as it does), written one way in the client and
// in the widgets: both render numbers through this hook (the widgets' translator stands in for i18next's).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { remembered } from './formats.ts';

/** A shared `Intl.NumberFormat` for `locale` and `options`. */
const numberFormat = remembered(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

/** Formats a number in the current language; the same function until the language changes, for memos' deps. */
export const useNumberFormat = (): ((value: number) => string) => {
  const { i18n } = useTranslation();
  const format = numberFormat(i18n.resolvedLanguage ?? i18n.language, {});
  return useCallback((value: number) => format.format(value), [format]);
};
