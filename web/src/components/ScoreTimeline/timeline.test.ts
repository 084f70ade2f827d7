import type { TopTimeLine } from '@pennon/sdk';
import { describe, expect, it } from 'vitest';
import { activityRange, rangeStart, timelineRows, timeTicks } from './timeline.ts';

const HOUR = 3600_000;
const now = Date.UTC(2026, 5, 3, 12);
const start = now - 72 * HOUR;
const end = now + 24 * HOUR;
const team = (id: number, name: string, ...scores: [hoursAgo: number, score: number][]): TopTimeLine => ({
  id,
  name,
  items: scores.map(([ago, score]) => ({ time: now - ago * HOUR, score })),
});

describe('the timeline range', () => {
  it('defaults to the narrowest range that holds every score, else the whole game', () => {
    expect(activityRange([team(1, 'Gulls', [0.5, 100]), team(2, 'Terns', [0.2, 50])], start, end, now)).toBe(
      1,
    );
    expect(activityRange([team(1, 'Gulls', [0.5, 100], [5, 50])], start, end, now)).toBe(6);
    expect(activityRange([team(1, 'Gulls', [20, 100])], start, end, now)).toBe(24);
    expect(activityRange([team(1, 'Gulls', [30, 100])], start, end, now)).toBe('all');
    expect(activityRange([], start, end, now)).toBe('all');
  });

  it('shows the whole game when it is no longer than a range', () => {
    expect(activityRange([team(1, 'Gulls', [0.5, 100])], now - 0.75 * HOUR, end, now)).toBe('all');
  });

  it('counts the last hours back from the end of a game that is over', () => {
    expect(rangeStart(6, start, now - 24 * HOUR, now)).toBe(now - 30 * HOUR);
    expect(rangeStart('all', start, end, now)).toBe(start);
    expect(rangeStart(1000, start, end, now)).toBe(start);
  });

  it("starts a range with each team's score at that moment", () => {
    const rows = timelineRows(
      [team(1, 'Gulls', [3, 100], [0.5, 250]), team(2, 'Terns', [0.2, 50])],
      now - HOUR,
      end,
      now,
    );
    expect(rows).toEqual([
      { time: now - HOUR, Gulls: 100, Terns: 0 },
      { time: now - 0.5 * HOUR, Gulls: 250, Terns: 0 },
      { time: now - 0.2 * HOUR, Gulls: 250, Terns: 50 },
      { time: now, Gulls: 250, Terns: 50 },
    ]);
  });
});

describe('the time axis', () => {
  it('puts at most four round moments on it, in local time', () => {
    const from = new Date(2026, 5, 3, 11, 7).getTime();
    expect(timeTicks(from, from + HOUR).map((tick) => new Date(tick).getMinutes())).toEqual([15, 30, 45, 0]);
    const days = timeTicks(from, from + 72 * HOUR);
    expect(days.map((tick) => new Date(tick).getHours())).toEqual([0, 0, 0]);
    expect(timeTicks(from, from + 6 * HOUR)).toHaveLength(3);
  });
});
