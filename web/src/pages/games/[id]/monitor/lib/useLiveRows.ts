import { useCallback, useMemo, useState } from 'react';
import { addLive, type LiveRow, mergeLiveRows } from './liveRows.ts';

/**
 * The loaded rows with the live arrivals above them. `accept` says which arrivals belong in the current view
 * (its filters, its page); the others are kept for when the view changes back.
 */
export function useLiveRows<T>(
  loaded: readonly T[] | undefined,
  keyOf: (item: T) => string,
  accept: (item: T) => boolean,
): { rows: LiveRow<T>[]; push: (item: T) => void } {
  const [live, setLive] = useState<T[]>([]);
  const push = useCallback((item: T) => setLive((kept) => addLive(kept, item)), []);
  const rows = useMemo(
    () => mergeLiveRows(live.filter(accept), loaded ?? [], keyOf),
    [live, loaded, keyOf, accept],
  );
  return { rows, push };
}
