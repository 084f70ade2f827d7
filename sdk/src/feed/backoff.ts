// How long a poller waits before asking again. A change brings it back to the base interval; an unchanged
// answer (a 304) stretches the wait a little, up to a ceiling, so an idle game costs embedding pages little;
// a failure doubles it, up to a larger ceiling, so an unreachable server is not hammered.

export interface PollTiming {
  /** The wait after a change, in ms. */
  baseMs: number;
  /** The longest wait while nothing changes. */
  idleMaxMs: number;
  /** The longest wait after failures. */
  errorMaxMs: number;
}

export const DEFAULT_TIMING: PollTiming = { baseMs: 10_000, idleMaxMs: 60_000, errorMaxMs: 300_000 };

export type PollOutcome = 'changed' | 'unchanged' | 'failed';

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
