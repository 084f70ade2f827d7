// "3 hours ago", "yesterday", "in 2 days": a moment relative to now, in the reader's language.
import { dateTimeFormat, relativeTimeFormat } from '../../i18n/formats.ts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** `time` relative to `now` (both Unix milliseconds), in the largest unit that fits. */
export const formatRelative = (time: number, now: number, locale: string): string => {
  const format = relativeTimeFormat(locale, { numeric: 'auto' });
  const diff = time - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'second') {
      // Under 45 s reads as "now".
      if (unit === 'second' && Math.abs(diff) < 45_000) return format.format(0, 'second');
      return format.format(Math.round(diff / size), unit);
    }
  }
  return format.format(0, 'second');
};

/** The full date and time, for a tooltip. */
export const formatFull = (time: number, locale: string): string =>
  dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(time);
