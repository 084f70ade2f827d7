import { describe, expect, it } from 'vitest';
import { board, team } from '../../sdk/test/fixtures.ts';
import { newSolves } from '../src/live/solves.ts';

describe('newSolves', () => {
  it('finds the solves the new scoreboard adds, oldest first, with names and the blood', () => {
    const before = board([team(7, 'Gulls', [[1, 'FirstBlood', 100]]), team(8, 'Terns')]);
    const after = board([
      team(7, 'Gulls', [
        [1, 'FirstBlood', 100],
        [2, 'Normal', 300],
      ]),
      team(8, 'Terns', [[2, 'FirstBlood', 200]], 3),
    ]);
    expect(newSolves(5, before, after)).toEqual([
      {
        gameId: 5,
        teamId: 8,
        team: 'Terns',
        divisionId: 3,
        challengeId: 2,
        challenge: 'Cookies',
        category: 'Web',
        score: 500,
        type: 'FirstBlood',
        user: 'Terns-player',
        time: 200,
      },
      expect.objectContaining({ teamId: 7, challengeId: 2, challenge: 'Cookies', type: 'Normal', time: 300 }),
    ]);
  });

  it('finds nothing when only the order or the scores changed', () => {
    const before = board([team(7, 'Gulls', [[1, 'Normal', 100]]), team(8, 'Terns')]);
    const after = board([team(8, 'Terns'), { ...team(7, 'Gulls', [[1, 'Normal', 100]]), score: 420 }]);
    expect(newSolves(5, before, after)).toEqual([]);
  });
});
