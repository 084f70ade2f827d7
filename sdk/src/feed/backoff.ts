// How long a poller waits before asking again. A change brings it back to the base interval; an unchanged
// answer (a 304) stretches the wait a little, up to a ceiling, so an idle game costs embedding pages little;
// a failure doubles it, up to a larger ceiling, so an unreachable server is not hammered.

/** A poller's waits, in milliseconds. */
export interface PollTiming {
  /** The wait after a change, in ms. */
  baseMs: number;
  /** The longest wait while nothing changes. */
  idleMaxMs: number;
  /** The longest wait after failures. */
  errorMaxMs: number;
}

/** Poll every 10 s after a change, slowing to 60 s while nothing changes and to 5 min while failing. */
export const DEFAULT_TIMING: PollTiming = { baseMs: 10_000, idleMaxMs: 60_000, errorMaxMs: 300_000 };

/** How a poll went: it brought something new, nothing new, or an error. */
export type PollOutcome = 'changed' | 'unchanged' | 'failed';

/**
 * The wait before the next poll: `baseMs` after a change, half as long again after no change (up to
 * `idleMaxMs`), twice as long after a failure (up to `errorMaxMs`).
 */
export const nextDelay = (last: number, outcome: PollOutcome, timing: PollTiming): number => {
  switch (outcome) {
    case 'changed':
      return timing.baseMs;
    case 'unchanged':
      return Math.min(timing.idleMaxMs, Math.max(timing.baseMs, Math.round(last * 1.5)));
    case 'failed':
      return Math.min(timing.errorMaxMs, Math.max(timing.baseMs, last) * 2);
  }
};
