// Lazily loaded pages, and what happens when one cannot be loaded: after a deploy the previous build's
// hashed chunks are gone, so the page is reloaded (once) to pick up the new build.
import type { ComponentType } from 'react';
import { STORAGE_KEYS } from '../constants.ts';
import { reloadPage } from '../utils/reload.ts';
import { readItem, removeItem, session, writeItem } from '../utils/storage.ts';

export interface PageModule {
  default: ComponentType;
}

/** A page module failed to load (network, or a chunk of an older build). */
export class PageLoadError extends Error {
  override readonly name = 'PageLoadError';

  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * A route's `lazy` for a page module. A failure becomes a `PageLoadError`, which the router hands to
 * the error screen at the target URL, where `reloadForPageLoadError` reloads. A page that loads clears
 * the reload mark. Once loaded (by a visit or by `preloadPage`), the module is handed back as an already
 * settled promise: the router then completes a navigation to it in the same task, so its "loading" state is
 * never rendered (on a phone, a second render of the whole app).
 */
export const lazyPage = (load: () => Promise<PageModule>) => {
  let loaded: Promise<{ Component: ComponentType }> | undefined;
  return (): Promise<{ Component: ComponentType }> => {
    loaded ??= load().then(
      ({ default: Component }) => {
        removeItem(session, STORAGE_KEYS.chunkReload);
        return { Component };
      },
      (error: unknown) => {
        // The next visit tries again.
        loaded = undefined;
        throw new PageLoadError(error);
      },
    );
    return loaded;
  };
};

const decisions = new WeakMap<PageLoadError, boolean>();

/**
 * Whether this error should be answered by reloading the page: a page-load failure when no reload was
 * tried in this tab yet (a sessionStorage mark; a failure that survives the reload is then shown, not
 * looped on). Decided once per error, so it can be asked on every render.
 */
export const shouldReloadFor = (error: unknown): boolean => {
  if (!(error instanceof PageLoadError)) return false;
  let decision = decisions.get(error);
  if (decision === undefined) {
    decision = readItem(session, STORAGE_KEYS.chunkReload) === null;
    decisions.set(error, decision);
  }
  return decision;
};

/**
 * Sets the mark and reloads. Without sessionStorage the mark cannot be kept, so there is no reload
 * (it could loop): the decision turns to false and the caller shows the error. Returns whether it reloads.
 */
export const reloadForPageLoadError = (error: PageLoadError): boolean => {
  if (!writeItem(session, STORAGE_KEYS.chunkReload, String(Date.now()))) {
    decisions.set(error, false);
    return false;
  }
  reloadPage();
  return true;
};
