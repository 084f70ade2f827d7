import { WsrxState } from '@pennon/sdk/wsrx';
import { describe, expect, it } from 'vitest';
import { browserLocale, LOCALES, translator } from '../lib/i18n.ts';
import { readMessage } from '../lib/messages.ts';
import { defaultPrefs, normalizeOrigin, originPattern, readPrefs } from '../lib/prefs.ts';
import { formatLatency } from '../lib/status.ts';

describe('prefs', () => {
  it('normalizes what the user types into an origin', () => {
    expect(normalizeOrigin('ctf.example.com')).toBe('https://ctf.example.com');
    expect(normalizeOrigin(' https://ctf.example.com:8443/games/1?x ')).toBe('https://ctf.example.com:8443');
    expect(normalizeOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(normalizeOrigin('ftp://x.org')).toBeNull();
    expect(normalizeOrigin('')).toBeNull();
    expect(normalizeOrigin('http://')).toBeNull();
  });
  it('asks for the host without the port (Firefox match patterns have none)', () => {
    expect(originPattern('http://localhost:5173')).toBe('http://localhost/*');
    expect(originPattern('https://ctf.example.com')).toBe('https://ctf.example.com/*');
  });
  it('reads stored prefs leniently', () => {
    expect(readPrefs(undefined)).toEqual(defaultPrefs());
    expect(
      readPrefs({
        notify: { offline: false, online: 'no' },
        platforms: ['ctf.example.com', 3, 'https://ctf.example.com/'],
      }),
    ).toEqual({
      notify: { ...defaultPrefs().notify, offline: false },
      platforms: ['https://ctf.example.com'],
    });
  });
});

describe('messages', () => {
  it('accepts well-formed site reports and drops the rest', () => {
    expect(readMessage({ type: 'pennon:check' })).toEqual({ type: 'pennon:check' });
    expect(readMessage({ type: 'other' })).toBeNull();
    expect(readMessage({ type: 'pennon:site', origin: 'x', state: 7, instances: [] })).toBeNull();
    expect(
      readMessage({
        type: 'pennon:site',
        origin: 'https://a.b',
        title: 'A',
        state: WsrxState.Usable,
        instances: [{ local: '127.0.0.1:1', remote: 'ws://a', label: 'l' }, { bogus: true }],
      }),
    ).toEqual({
      type: 'pennon:site',
      origin: 'https://a.b',
      title: 'A',
      state: WsrxState.Usable,
      instances: [{ local: '127.0.0.1:1', remote: 'ws://a', label: 'l', latency: -1 }],
    });
  });
});

describe('texts', () => {
  it("picks the closest locale to the browser's languages", () => {
    expect(browserLocale({ language: 'de' })).toBe('de-DE');
    expect(browserLocale({ language: 'zh-Hant-TW' })).toBe('zh-TW');
    expect(browserLocale({ language: 'zh' })).toBe('zh-CN');
    expect(browserLocale({ language: 'pt-BR' })).toBe('en-US');
    expect(browserLocale({ language: 'pt-BR', languages: ['pt-BR', 'fr-CA', 'de'] })).toBe('fr-FR');
    expect(browserLocale()).toBe('en-US');
  });
  it('has every key in every locale, with the same placeholders', () => {
    const en = LOCALES['en-US'];
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [locale, texts] of Object.entries(LOCALES)) {
      expect(Object.keys(texts).sort(), locale).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(texts)) {
        expect(placeholders(text as string), `${locale} ${key}`).toEqual(
          placeholders(en[key as keyof typeof en] ?? ''),
        );
      }
    }
  });
  it('fills placeholders', () => {
    expect(translator('en-US')('notice.tunnelGone.message', { label: 'pwn', local: '1', site: 'S' })).toBe(
      'pwn (1) of S is gone.',
    );
  });
});

it('formats latency', () => {
  expect(formatLatency(12.4)).toBe('12 ms');
  expect(formatLatency(-1)).toBeNull();
});
