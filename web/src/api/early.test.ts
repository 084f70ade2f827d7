import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestEarly, takeEarly } from './early.ts';

describe('requests started ahead of their page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("hands the early request to the page's first fetch only, then fetches anew", async () => {
    const early = vi.fn(async () => 'early');
    const late = vi.fn(async () => 'late');
    requestEarly(['/api/game', 1, 'scoreboard'], early);
    requestEarly(['/api/game', 1, 'scoreboard'], early);
    expect(early).toHaveBeenCalledTimes(1);
    expect(await takeEarly(['/api/game', 1, 'scoreboard'], late)).toBe('early');
    expect(await takeEarly(['/api/game', 1, 'scoreboard'], late)).toBe('late');
    expect(await takeEarly(['/api/game', 2, 'scoreboard'], late)).toBe('late');
  });

  it('leaves an early request nobody took within 2 s: its answer would be stale', async () => {
    vi.useFakeTimers();
    requestEarly(['/api/game', 3, 'info'], async () => 'early');
    vi.advanceTimersByTime(2500);
    expect(await takeEarly(['/api/game', 3, 'info'], async () => 'late')).toBe('late');
  });
});
