// Requests started by a route's loader while the page's code still loads (react-router runs a route's `loader`
// beside its `lazy`), then handed to the page's first fetch of the same data instead of a second request: the
// page no longer asks only once its code has arrived and rendered.

/** How long an early request may stand in for the page's own, SWR's deduplication window: after that it is stale. */
const FRESH_MS = 2000;

const started = new Map<string, { at: number; request: Promise<unknown> }>();

/** Starts `request` now for the data under `key` (an SWR key), unless one started moments ago. */
export const requestEarly = (key: readonly unknown[], request: () => Promise<unknown>): void => {
  const id = JSON.stringify(key);
  const early = started.get(id);
  if (early && Date.now() - early.at < FRESH_MS) return;
  const promise = request();
  // Its failure is the page's fetch to report, if it takes it.
  promise.catch(() => {});
  started.set(id, { at: Date.now(), request: promise });
};

/** The page's fetch of `key`: the early request if one is fresh (each is taken once), else `request` now. */
export const takeEarly = <T>(key: readonly unknown[], request: () => Promise<T>): Promise<T> => {
  const id = JSON.stringify(key);
  const early = started.get(id);
  started.delete(id);
  return early && Date.now() - early.at < FRESH_MS ? (early.request as Promise<T>) : request();
};
