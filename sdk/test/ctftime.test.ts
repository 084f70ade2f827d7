import { describe, expect, it } from 'vitest';
import type { ScoreboardItem, ScoreboardModel } from '../src/contract/models/game.ts';
import { ctftimeFeed } from '../src/ctftime.ts';

const never = -62135596800000;
const team = (fields: Partial<ScoreboardItem>): ScoreboardItem => ({
  id: 1,
  name: 'team',
  bio: null,
  divisionId: null,
  avatar: null,
  score: 0,
  rank: 0,
  divisionRank: null,
  lastSubmissionTime: never,
  solvedChallenges: [],
  solvedCount: 0,
  ...fields,
});
const challenge = (id: number, title: string) => ({
  id,
  title,
  category: 'Web' as const,
  score: 500,
  solved: 1,
  deadline: null,
  bloods: [],
  disableBloodBonus: false,
});

const board: ScoreboardModel = {
  updateTimeUtc: 1_700_000_100_000,
  bloodBonus: 0,
  timelines: [],
  divisions: [],
  challengeCount: 2,
  challenges: {
    Web: [challenge(7, 'Lighthouse')],
    Pwn: [{ ...challenge(9, 'Engine room'), category: 'Pwn' }],
  },
  items: [
    team({
      id: 1,
      name: 'Ann',
      score: 1000,
      rank: 1,
      lastSubmissionTime: 1_700_000_060_500,
      solvedChallenges: [
        { id: 7, score: 520, type: 'FirstBlood', userName: 'ann', time: 1_700_000_000_900 },
        { id: 9, score: 480, type: 'Normal', userName: 'ann', time: 1_700_000_060_500 },
      ],
      solvedCount: 2,
    }),
    team({ id: 2, name: 'Bob', rank: 2 }),
    team({ id: 3, name: 'Hidden division', rank: 0, score: 300 }),
  ],
};

describe('ctftimeFeed', () => {
  it('lists every task and the overall ranking, times in Unix seconds', () => {
    expect(ctftimeFeed(board)).toEqual({
      tasks: ['Lighthouse', 'Engine room'],
      standings: [
        {
          pos: 1,
          team: 'Ann',
          score: 1000,
          taskStats: {
            Lighthouse: { points: 520, time: 1_700_000_000 },
            'Engine room': { points: 480, time: 1_700_000_060 },
          },
          lastAccept: 1_700_000_060,
        },
        { pos: 2, team: 'Bob', score: 0, taskStats: {}, lastAccept: 0 },
      ],
    });
  });
});
