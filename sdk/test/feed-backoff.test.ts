import { describe, expect, it } from 'vitest';
import { nextDelay, type PollTiming } from '../src/feed/backoff.ts';

const timing: PollTiming = { baseMs: 10_000, idleMaxMs: 60_000, errorMaxMs: 300_000 };

describe('nextDelay', () => {
  it('goes back to the base interval after a change', () => {
    expect(nextDelay(60_000, 'changed', timing)).toBe(10_000);
    expect(nextDelay(300_000, 'changed', timing)).toBe(10_000);
  });

  it('stretches by half while nothing changes, up to the idle ceiling', () => {
    const waits = [10_000];
    for (let i = 0; i < 6; i++) waits.push(nextDelay(waits.at(-1) as number, 'unchanged', timing));
    expect(waits).toEqual([10_000, 15_000, 22_500, 33_750, 50_625, 60_000, 60_000]);
  });

  it('doubles after each failure, up to the error ceiling', () => {
    const waits = [10_000];
    for (let i = 0; i < 7; i++) waits.push(nextDelay(waits.at(-1) as number, 'failed', timing));
    expect(waits).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
  });

  it('comes down from a long failure wait to the idle ceiling once the server answers again', () => {
    expect(nextDelay(300_000, 'unchanged', timing)).toBe(60_000);
  });
});
