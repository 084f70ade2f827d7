import { compressToUTF16 } from 'lz-string';
import type { State } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../constants.ts';
import { decodeCache, encodeCache, forgetStoredCache, persistentCache } from './dataCache.ts';

const state = (data: unknown, extra: Partial<State> = {}): State => ({ data, ...extra });

afterEach(() => localStorage.clear());

describe('data cache', () => {
  it('keeps the data of each key, not errors, loading flags or answers fetched once per page load', () => {
    const cache = new Map<string, State>([
      ['/api/posts', state([{ id: 'a' }], { isValidating: true })],
      ['@"/api/game",1,', state({ total: 1 })],
      ['/api/game/recent', state(undefined, { error: new Error('offline') })],
      ['/api/config', state({ title: 'GZ' })],
      ['/api/account/profile', state({ userName: 'alice' })],
      ['/api/captcha', state({ type: 'HashPow' })],
      ['$inf$/api/posts', state([])],
    ]);
    expect(decodeCache(encodeCache(cache))).toEqual([
      ['/api/posts', { data: [{ id: 'a' }] }],
      ['@"/api/game",1,', { data: { total: 1 } }],
    ]);
  });

  it('is stored compressed', () => {
    const posts = Array.from({ length: 50 }, (_, i) => ({ id: String(i), title: 'Welcome aboard, sailors' }));
    const encoded = encodeCache(new Map([['/api/posts', state(posts)]]));
    expect(encoded.length).toBeLessThan(JSON.stringify(posts).length / 4);
  });

  it('starts empty from nothing, or from something unreadable', () => {
    expect(decodeCache(null)).toEqual([]);
    expect(decodeCache('not lz-string')).toEqual([]);
    expect(decodeCache(compressToUTF16('{"not":"a list"}'))).toEqual([]);
  });

  it('restores what the last page left, and writes the cache back when the page goes', () => {
    localStorage.setItem(STORAGE_KEYS.cache, encodeCache(new Map([['/api/posts', state(['old'])]])));
    const cache = persistentCache();
    expect(cache.get('/api/posts')?.data).toEqual(['old']);

    cache.set('/api/posts', state(['new']));
    window.dispatchEvent(new Event('pagehide'));
    expect(decodeCache(localStorage.getItem(STORAGE_KEYS.cache))).toEqual([
      ['/api/posts', { data: ['new'] }],
    ]);
  });

  // Last: the page stores nothing more after it.
  it('stays gone after "Clean cache", though the page unloads with data', () => {
    const cache = persistentCache();
    cache.set('/api/posts', state(['stale']));
    localStorage.setItem(STORAGE_KEYS.cache, encodeCache(cache));
    forgetStoredCache();
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(STORAGE_KEYS.cache)).toBeNull();
  });
});
