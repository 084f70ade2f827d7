// How soon a solve reaches the scoreboard from outside (freshness-worker.mjs), beside whatever load a bench runs: a
// probe team's correct flags, and one poller per board origin revalidating with If-None-Match.
import { Worker } from 'node:worker_threads';

export interface FreshnessOptions {
  /** Where the probe team's flags go (HAProxy, in a cluster). */
  submitOrigin: string;
  /** Where the scoreboard is polled: each server process of a cluster. */
  boardOrigins: string[];
  gameId: number;
  /** The probe team's name, as the scoreboard shows it. */
  team: string;
  /** The probe team's flags in order, each a new solve. */
  flags: { path: string; cookie: string; flag: string }[];
  /** Between a flag seen on every board and the next flag. */
  gapMs?: number;
  /** A board that has not shown a solve after this long counts it as missed. */
  timeoutMs?: number;
}

export interface Freshness {
  /** Per board origin, the milliseconds from each flag to that board showing it, sorted. */
  samples: number[][];
  missed: number;
  failed: number;
  /** The flags sent, each a solve of the probe team's. */
  sent: number;
  /** Per board origin, the polls it answered. */
  polls: number[];
}

export interface FreshnessProbe {
  /** Stops probing; resolves with the samples once the last flag is seen everywhere (or missed). */
  stop(): Promise<Freshness>;
}

/** Starts probing once every poller has its first board. */
export const startFreshness = async ({
  gapMs = 100,
  timeoutMs = 10_000,
  ...options
}: FreshnessOptions): Promise<FreshnessProbe> => {
  const worker = new Worker(new URL('./freshness-worker.mjs', import.meta.url), {
    workerData: { ...options, gapMs, timeoutMs },
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  await next<'ready'>();
  const done = next<Freshness>();
  return {
    stop: async () => {
      worker.postMessage('stop');
      const result = await done;
      for (const s of result.samples) s.sort((a, b) => a - b);
      return result;
    },
  };
};

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** `p50 … ms, p99 … ms (n solves)` over all boards, then each board's p50/p99 when there are several. */
export const freshnessText = ({ samples, missed, failed }: Freshness): string => {
  const all = samples.flat().sort((a, b) => a - b);
  const line = (s: number[]) => `p50 ${at(s, 0.5).toFixed(0)} ms, p99 ${at(s, 0.99).toFixed(0)} ms`;
  const each = samples.length > 1 ? `; per process: ${samples.map(line).join(' | ')}` : '';
  return (
    `a solve reached the board after ${line(all)}, max ${at(all, 1).toFixed(0)} ms ` +
    `(${samples[0]?.length ?? 0} solves${missed ? `, ${missed} missed` : ''}${failed ? `, ${failed} failed requests` : ''})${each}`
  );
};
