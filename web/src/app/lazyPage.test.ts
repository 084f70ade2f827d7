import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../utils/reload.ts';
import { lazyPage, PageLoadError, reloadForPageLoadError, shouldReloadFor } from './lazyPage.ts';

vi.mock('../utils/reload.ts', () => ({ reloadPage: vi.fn() }));

const Page = () => null;
const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /static/About-old.js');

describe('lazyPage', () => {
  afterEach(() => vi.mocked(reloadPage).mockClear());

  it('gives the module default export as the route Component', async () => {
    await expect(lazyPage(async () => ({ default: Page }))()).resolves.toEqual({ Component: Page });
  });

  it('turns a failed load into a PageLoadError carrying the cause', async () => {
    const failure = chunkError();
    const error = await lazyPage(() => Promise.reject(failure))().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageLoadError);
    expect((error as PageLoadError).cause).toBe(failure);
    expect((error as PageLoadError).message).toContain('Failed to fetch dynamically imported module');
  });

  it('loads a page once, then hands back the settled module (the router need not wait for it)', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const lazy = lazyPage(load);
    const first = await lazy();
    expect(lazy()).toBe(lazy());
    expect(await lazy()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a page that failed to load again on the next visit', async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValue({ default: Page });
    const lazy = lazyPage(load);
    await expect(lazy()).rejects.toBeInstanceOf(PageLoadError);
    await expect(lazy()).resolves.toEqual({ Component: Page });
  });

  it('clears the reload mark once a page loads', async () => {
    sessionStorage.setItem('pennon-chunk-reload', '1');
    await lazyPage(async () => ({ default: Page }))();
    expect(sessionStorage.getItem('pennon-chunk-reload')).toBeNull();
  });
});

describe('reloading after a page failed to load', () => {
  afterEach(() => vi.mocked(reloadPage).mockClear());

  it('reloads once, then lets the next failure through', () => {
    const first = new PageLoadError(chunkError());
    expect(shouldReloadFor(first)).toBe(true);
    expect(reloadForPageLoadError(first)).toBe(true);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(shouldReloadFor(first)).toBe(true); // the same error keeps its decision while the page unloads

    const afterReload = new PageLoadError(chunkError());
    expect(shouldReloadFor(afterReload)).toBe(false);
  });

  it('never reloads for other errors', () => {
    expect(shouldReloadFor(new Error('render failed'))).toBe(false);
    expect(shouldReloadFor('text')).toBe(false);
  });

  it('does not reload when the mark cannot be stored', () => {
    const error = new PageLoadError(chunkError());
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(shouldReloadFor(error)).toBe(true);
    expect(reloadForPageLoadError(error)).toBe(false);
    expect(reloadPage).not.toHaveBeenCalled();
    expect(shouldReloadFor(error)).toBe(false);
    vi.mocked(Storage.prototype.setItem).mockRestore();
  });
});
