// Rows that arrive live above the rows loaded from the server, each once, with the arrivals marked.

export interface LiveRow<T> {
  /** Stable across renders, so a row keeps its element (and its highlight) as more arrive. */
  key: string;
  item: T;
  /** Arrived live and not in the loaded rows yet: shown highlighted. */
  fresh: boolean;
}

/** At most this many arrivals are kept above the loaded rows. */
export const MAX_LIVE_ROWS = 500;

/**
 * `live` (newest first) above `loaded`, dropping arrivals the loaded rows already hold (the hub and a
 * reload can both bring one). Loaded rows that look the same keep distinct keys.
 */
export const mergeLiveRows = <T>(live: readonly T[], loaded: readonly T[], keyOf: (item: T) => string) => {
  const seen = new Map<string, number>();
  const loadedRows: LiveRow<T>[] = loaded.map((item) => {
    const base = keyOf(item);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return { key: count === 0 ? base : `${base}#${count}`, item, fresh: false };
  });
  const liveRows: LiveRow<T>[] = [];
  for (const item of live) {
    const key = keyOf(item);
    if (seen.has(key)) continue;
    seen.set(key, 1);
    liveRows.push({ key, item, fresh: true });
  }
  return [...liveRows, ...loadedRows];
};

/** An arrival added to the kept ones, newest first, capped. */
export const addLive = <T>(live: readonly T[], item: T): T[] => [item, ...live].slice(0, MAX_LIVE_ROWS);
