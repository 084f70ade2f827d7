import { describe, expect, it } from 'vitest';
import { LocaleDetector } from './detector.ts';
import { matchLocale, normalizeLanguage, SUPPORTED_LOCALES } from './locales.ts';

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

describe('LocaleDetector', () => {
  const detectWith = (search: string, stored?: string) => {
    window.history.replaceState(null, '', `/${search}`);
    if (stored) localStorage.setItem('i18nextLng', stored);
    const detector = new LocaleDetector();
    return detector.detect();
  };

  it('takes the query string first', () => {
    expect(detectWith('?lng=zh-Hans', 'ja-JP')).toBe('zh-CN');
  });

  it('discards an injected value and goes on to the next source', () => {
    expect(detectWith('?lng=%3Cscript%3E', 'ko-KR')).toBe('ko-KR');
    expect(detectWith('?lng=en%22%3E%3Cb%3E', 'ru')).toBe('ru-RU');
  });

  it('falls back to en-US when nothing is supported', () => {
    Object.defineProperty(navigator, 'languages', { value: ['xx-YY'], configurable: true });
    expect(detectWith('?lng=qq')).toBe('en-US');
    Reflect.deleteProperty(navigator, 'languages');
  });
});
