// How the rate limits (rate-limit.ts) count, in this process's memory: a sliding window and a token bucket, whose
// shapes rate-limit-redis.ts runs in Redis too, and the one-at-a-time turn of team creation.

/** How long to wait before asking again, in ms, when the request is refused; null when it may go ahead. */
export interface Limiter {
  take(key: string, now: number): number | null | Promise<number | null>;
  sweep(now: number): void;
}

/** A limiter's algorithm and budget, to build it in memory or in Redis. */
export type LimiterShape =
  | { kind: 'slidingWindow'; limit: number; windowMs: number; segments: number }
  | { kind: 'tokenBucket'; capacity: number; refill: number; periodMs: number };

type MemoryLimiter = Limiter & { take(key: string, now: number): number | null };

/** In this process's memory. */
export const memoryLimiter = (shape: LimiterShape): MemoryLimiter =>
  shape.kind === 'slidingWindow'
    ? slidingWindow(shape.limit, shape.windowMs, shape.segments)
    : tokenBucket(shape.capacity, shape.refill, shape.periodMs);

/** A window of `windowMs` cut into `segments`; at most `limit` requests in the current and previous segments. */
export const slidingWindow = (limit: number, windowMs: number, segments: number): MemoryLimiter => {
  const segmentMs = windowMs / segments;
  const clients = new Map<string, { segment: number; count: number }[]>();
  const live = (entries: { segment: number; count: number }[], current: number) =>
    entries.filter((entry) => entry.segment > current - segments);
  return {
    take(key, now) {
      const current = Math.floor(now / segmentMs);
      const entries = live(clients.get(key) ?? [], current);
      clients.set(key, entries);
      if (entries.reduce((sum, entry) => sum + entry.count, 0) >= limit) {
        return ((entries[0]?.segment ?? current) + segments) * segmentMs - now;
      }
      const last = entries.at(-1);
      if (last?.segment === current) last.count++;
      else entries.push({ segment: current, count: 1 });
      return null;
    },
    sweep(now) {
      const current = Math.floor(now / segmentMs);
      for (const [key, entries] of clients) if (live(entries, current).length === 0) clients.delete(key);
    },
  };
};

/** `capacity` tokens, `refill` more every `periodMs` (in whole periods, as .NET's replenishing limiter). */
export const tokenBucket = (capacity: number, refill: number, periodMs: number): MemoryLimiter => {
  const clients = new Map<string, { tokens: number; refilledAt: number }>();
  const refreshed = (key: string, now: number) => {
    const bucket = clients.get(key) ?? { tokens: capacity, refilledAt: now };
    const periods = Math.floor((now - bucket.refilledAt) / periodMs);
    if (periods > 0) {
      bucket.tokens = Math.min(capacity, bucket.tokens + periods * refill);
      bucket.refilledAt += periods * periodMs;
    }
    clients.set(key, bucket);
    return bucket;
  };
  return {
    take(key, now) {
      const bucket = refreshed(key, now);
      if (bucket.tokens < 1) return bucket.refilledAt + periodMs - now;
      bucket.tokens--;
      return null;
    },
    sweep(now) {
      for (const key of clients.keys()) if (refreshed(key, now).tokens >= capacity) clients.delete(key);
    },
  };
};

/**
 * One request at a time, up to `queue` more waiting. `acquire` answers the release, or null when the queue is full
 * or when `gone` fires while it waits (a client that left gives its place up).
 */
export const concurrency = (queue: number) => {
  let busy = false;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  };
  return async (gone?: AbortSignal): Promise<(() => void) | null> => {
    if (gone?.aborted) return null;
    if (busy) {
      if (waiting.length >= queue) return null;
      const granted = await new Promise<boolean>((resolve) => {
        const grant = () => {
          gone?.removeEventListener('abort', leave);
          resolve(true);
        };
        const leave = () => {
          waiting.splice(waiting.indexOf(grant), 1);
          resolve(false);
        };
        waiting.push(grant);
        gone?.addEventListener('abort', leave, { once: true });
      });
      if (!granted) return null;
    }
    busy = true;
    let released = false;
    return () => {
      if (!released) {
        released = true;
        release();
      }
    };
  };
};
