import { describe, expect, it } from 'vitest';
import { LocaleDetector } from './detector.ts';

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
