// Calls made while a batch runs (or within one turn of the event loop) are run together by the next one: a burst of
// flag submissions costs one transaction instead of one each (group commit), and one lookup instead of one each.

/** `write` answers one result per item, in order. A failed batch is retried item by item: one bad item fails alone. */
export const batched = <T, R>(write: (items: T[]) => Promise<R[]>): ((item: T) => Promise<R>) => {
  let pending: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  let running = false;

  const flush = async () => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        const results = await write(batch.map((p) => p.item));
        for (const [i, p] of batch.entries()) p.resolve(results[i] as R);
      } catch (error) {
        if (batch.length === 1) {
          batch[0]?.reject(error);
          continue;
        }
        for (const p of batch) {
          try {
            p.resolve((await write([p.item]))[0] as R);
          } catch (itemError) {
            p.reject(itemError);
          }
        }
      }
    }
    running = false;
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (!running) {
        running = true;
        setImmediate(flush);
      }
    });
};

/** Powers of two: any list up to 511 items takes at most nine statements (a round trip each on PostgreSQL). */
const chunkSizes = [256, 128, 64, 32, 16, 8, 4, 2, 1];

/**
 * Slices for multi-row statements, in a few fixed sizes: each size is one SQL text, compiled once (`prepareList`)
 * and prepared once by the database, instead of one per list length.
 */
export function* inChunks<T>(items: T[]): Generator<T[]> {
  let at = 0;
  for (const size of chunkSizes) {
    for (; items.length - at >= size; at += size) yield items.slice(at, at + size);
  }
}
