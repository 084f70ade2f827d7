import type { ChallengeInfo } from '@pennon/sdk';
import { describe, expect, it } from 'vitest';
import {
  bloodBonusFields,
  bloodBonusLabel,
  canExtend,
  gamePhase,
  groupChallenges,
  hasTime,
  NO_TIME,
  pageOf,
  solvedIds,
  splitDuration,
} from './logic.ts';

const challenge = (id: number, title: string, category: ChallengeInfo['category']): ChallengeInfo => ({
  id,
  title,
  category,
  score: 100,
  solved: 0,
  deadline: null,
  bloods: [],
  disableBloodBonus: false,
});

describe('gamePhase', () => {
  it('is upcoming before the start, ongoing until the end, ended from the end on', () => {
    expect(gamePhase(1000, 2000, 999)).toBe('upcoming');
    expect(gamePhase(1000, 2000, 1000)).toBe('ongoing');
    expect(gamePhase(1000, 2000, 1999)).toBe('ongoing');
    expect(gamePhase(1000, 2000, 2000)).toBe('ended');
  });
});

describe('splitDuration', () => {
  it('gives a zero-padded clock and whole days', () => {
    expect(splitDuration(0)).toEqual({ days: 0, clock: '00:00:00' });
    expect(splitDuration(3_723_000)).toEqual({ days: 0, clock: '01:02:03' });
    expect(splitDuration(2 * 86_400_000 + 59_999)).toEqual({ days: 2, clock: '00:00:59' });
  });
  it('counts a negative span as zero', () => {
    expect(splitDuration(-5000)).toEqual({ days: 0, clock: '00:00:00' });
  });
});

describe('blood bonus', () => {
  it('unpacks the default as 5 %, 3 %, 1 %', () => {
    const fields = bloodBonusFields(52459530);
    expect(fields).toEqual([50, 30, 10]);
    expect(fields.map(bloodBonusLabel)).toEqual(['+5%', '+3%', '+1%']);
  });
  it('shows per-mille precision and nothing for zero', () => {
    expect(bloodBonusLabel(15)).toBe('+1.5%');
    expect(bloodBonusLabel(1000)).toBe('+100%');
    expect(bloodBonusLabel(0)).toBeNull();
    expect(bloodBonusFields(0)).toEqual([0, 0, 0]);
  });
  it('falls back to the default when a field is over 1000', () => {
    expect(bloodBonusFields((1001 << 20) + 5)).toEqual([50, 30, 10]);
    expect(bloodBonusFields((100 << 20) + (20 << 10) + 7)).toEqual([100, 20, 7]);
  });
});

describe('groupChallenges', () => {
  it('orders categories as the platform does, drops empty ones and sorts by title', () => {
    const groups = groupChallenges({
      Web: [challenge(3, 'beta', 'Web'), challenge(2, 'alpha', 'Web')],
      Misc: [challenge(1, 'sanity', 'Misc')],
      Crypto: [],
    });
    expect(groups.map((group) => group.category)).toEqual(['Misc', 'Web']);
    expect(groups[1]?.challenges.map((item) => item.title)).toEqual(['alpha', 'beta']);
    expect(groupChallenges(undefined)).toEqual([]);
  });
});

describe('helpers', () => {
  it('collects the solved challenge ids of a team', () => {
    const item = { solvedChallenges: [{ id: 4 }, { id: 9 }] } as Parameters<typeof solvedIds>[0];
    expect([...solvedIds(item)]).toEqual([4, 9]);
    expect(solvedIds(null).size).toBe(0);
  });
  it('treats the server minimum time as no time', () => {
    expect(hasTime(NO_TIME)).toBe(false);
    expect(hasTime(1_700_000_000_000)).toBe(true);
  });
  it('allows extending only inside the renewal window', () => {
    const now = 1_000_000;
    expect(canExtend(now + 11 * 60_000, now, 10)).toBe(false);
    expect(canExtend(now + 10 * 60_000, now, 10)).toBe(true);
  });
  it('pages a list', () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(pageOf(items, 3, 10)).toEqual([20, 21, 22, 23, 24]);
  });
});
