import { describe, expect, it } from 'vitest';
import { matchLocale, normalizeLanguage, pickLocale, SUPPORTED_LOCALES } from '../src/locales.ts';

describe('normalizeLanguage', () => {
  it.each([
    ['zh-Hans', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-Hant', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['fr', 'fr-FR'],
    ['fr-CA', 'fr-FR'],
    ['ja', 'ja-JP'],
    ['ko-kr', 'ko-KR'],
    ['in', 'id-ID'],
    ['xx', 'en-US'],
    ['tlh-Latn', 'en-US'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });

  it('keeps every supported locale as it is', () => {
    for (const locale of SUPPORTED_LOCALES) expect(normalizeLanguage(locale)).toBe(locale);
  });

  it.each([
    '<script>',
    '<script>alert(1)</script>',
    'en"><img src=x onerror=alert(1)>',
    "en' onmouseover='x()",
    'en US',
    'e',
    'english-with-a-much-too-long-subtag',
    '../../etc/passwd',
    '',
  ])('rejects %j', (input) => {
    expect(normalizeLanguage(input)).toBeNull();
    expect(matchLocale(input)).toBeUndefined();
  });
});

describe('pickLocale', () => {
  it('takes the first candidate of a supported language', () => {
    expect(pickLocale(['xx-YY', 'zh-Hant', 'ja-JP'])).toBe('zh-TW');
  });

  it('skips injected values and goes on to the next', () => {
    expect(pickLocale(['<script>', 'en"><b>', 'ko'])).toBe('ko-KR');
  });

  it('falls back to en-US when nothing is supported', () => {
    expect(pickLocale(['qq', 'tlh-Latn'])).toBe('en-US');
    expect(pickLocale([])).toBe('en-US');
  });
});
