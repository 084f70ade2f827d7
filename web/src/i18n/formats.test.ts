import { describe, expect, it } from 'vitest';
import { dateTimeFormat, listFormat, relativeTimeFormat } from './formats.ts';

describe('shared Intl formatters', () => {
  it('hands back the same formatter for the same locale and options, a new one otherwise', () => {
    const short = dateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'medium' });
    expect(dateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'medium' })).toBe(short);
    expect(dateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'medium' })).not.toBe(short);
    expect(dateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'medium' })).not.toBe(short);
    expect(relativeTimeFormat('fr-FR', { numeric: 'auto' })).toBe(
      relativeTimeFormat('fr-FR', { numeric: 'auto' }),
    );
    expect(listFormat('en-US', {})).toBe(listFormat('en-US', {}));
  });

  it('formats in the locale and options it was asked for', () => {
    const time = Date.UTC(2026, 2, 14, 9, 30);
    expect(dateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(time)).toBe(
      '14. März 2026',
    );
    expect(dateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(time)).toBe(
      'March 14, 2026',
    );
    expect(relativeTimeFormat('fr-FR', { numeric: 'auto' }).format(-1, 'day')).toBe('hier');
    expect(listFormat('de-DE', {}).format(['Gulls', 'Knots'])).toBe('Gulls und Knots');
  });
});
