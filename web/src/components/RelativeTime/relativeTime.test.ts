import { describe, expect, it } from 'vitest';
import { formatRelative } from './relativeTime.ts';

const now = Date.UTC(2026, 10, 21, 12);
const minutes = (n: number) => n * 60_000;

describe('formatRelative', () => {
  it('says "now" for the last few seconds', () => {
    expect(formatRelative(now - 10_000, now, 'en-US')).toBe('now');
  });

  it('picks the largest unit that fits', () => {
    expect(formatRelative(now - minutes(5), now, 'en-US')).toBe('5 minutes ago');
    expect(formatRelative(now - minutes(180), now, 'en-US')).toBe('3 hours ago');
    expect(formatRelative(now - minutes(60 * 24), now, 'en-US')).toBe('yesterday');
    expect(formatRelative(now - minutes(60 * 24 * 400), now, 'en-US')).toBe('last year');
    expect(formatRelative(now + minutes(60 * 48), now, 'en-US')).toBe('in 2 days');
  });

  it('speaks the given language', () => {
    expect(formatRelative(now - minutes(5), now, 'de-DE')).toBe('vor 5 Minuten');
    expect(formatRelative(now - minutes(180), now, 'ja-JP')).toBe('3 時間前');
  });
});
