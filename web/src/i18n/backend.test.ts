import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleBackend } from './backend.ts';

const urls = { 'en-US': '/static/locales/en-US.abc123.json', 'fr-FR': '/static/locales/fr-FR.def456.json' };

describe('LocaleBackend', () => {
  afterEach(() => vi.mocked(fetch).mockClear());

  it('fetches the hashed file of a supported locale', async () => {
    vi.mocked(fetch).mockResolvedValueOnce(Response.json({ common: { nav: { home: 'Accueil' } } }));
    await expect(new LocaleBackend(urls).read('fr-FR')).resolves.toEqual({
      common: { nav: { home: 'Accueil' } },
    });
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/static/locales/fr-FR.def456.json');
  });

  it('gives an empty dictionary for a language without a file', async () => {
    const backend = new LocaleBackend(urls);
    await expect(backend.read('xx-XX')).resolves.toEqual({});
    await expect(backend.read('ja-JP')).resolves.toEqual({});
    await expect(backend.read('__proto__')).resolves.toEqual({});
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fails on an HTTP error so i18next can retry', async () => {
    vi.mocked(fetch).mockResolvedValueOnce(new Response('gone', { status: 404 }));
    await expect(new LocaleBackend(urls).read('en-US')).rejects.toThrow('HTTP 404');
  });
});
