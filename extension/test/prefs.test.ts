import { WsrxState } from '@pennon/sdk/wsrx';
import { describe, expect, it } from 'vitest';
import { browserLocale, LOCALES, translator } from '../lib/i18n.ts';
import { manifestLocaleFiles } from '../lib/manifest-locales.ts';
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
    expect(readMessage({ type: 'pennon:decide', origin: 'https://a.b', approve: false })).toEqual({
      type: 'pennon:decide',
      origin: 'https://a.b',
      approve: false,
    });
    expect(readMessage({ type: 'pennon:decide', origin: 'https://a.b', approve: 'yes' })).toBeNull();
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
    expect(translator('en-US')('notice.tunnelGone.title', { label: 'pwn-1 @ Harbour' })).toBe(
      'Tunnel closed: pwn-1 @ Harbour',
    );
  });
  it('says the states in plain words, translated in every locale', () => {
    const headlines = ['not_running', 'version_mismatch', 'awaiting_approval', 'connected'] as const;
    expect(headlines.map((h) => translator('en-US')(`headline.${h}`))).toEqual([
      'Daemon not running',
      'Version too old',
      'Waiting for your approval',
      'Connected',
    ]);
    for (const [locale, texts] of Object.entries(LOCALES)) {
      if (locale === 'en-US') continue;
      for (const h of headlines) {
        for (const key of [`headline.${h}`, `reason.${h}`] as const) {
          expect(texts[key], `${locale} ${key}`).not.toBe(LOCALES['en-US'][key]);
        }
      }
    }
  });
  it("translates the manifest's name and description into _locales for every locale", () => {
    const files = manifestLocaleFiles(LOCALES as Record<string, Record<string, string>>);
    expect(files.map((f) => f.relativeDest).sort()).toEqual(
      ['de', 'en', 'es', 'fr', 'id', 'ja', 'ko', 'ru', 'vi', 'zh_CN', 'zh_TW'].map(
        (code) => `_locales/${code}/messages.json`,
      ),
    );
    const names = new Set(
      files.map((f) => (JSON.parse(f.contents) as { name: { message: string } }).name.message),
    );
    expect(names.size).toBeGreaterThanOrEqual(9); // zh-CN and zh-TW share it, like some others may
    const de = files.find((f) => f.relativeDest.includes('/de/'));
    expect(JSON.parse(de?.contents ?? '{}')).toEqual({
      name: { message: 'Pennon-wsrx-Begleiter' },
      description: { message: LOCALES['de-DE']['manifest.description'] },
    });
    expect(() => manifestLocaleFiles({ 'xx-XX': { 'manifest.name': 'x' } })).toThrow(/manifest.description/);
  });
});

it('formats latency', () => {
  expect(formatLatency(12.4)).toBe('12 ms');
  expect(formatLatency(-1)).toBeNull();
});
