// The bulk review's loop on its own: one call per participation, progress after each, failures kept and skipped.
import type { ParticipationInfoModel } from '@pennon/sdk';
import { describe, expect, it } from 'vitest';
import { reviewEach } from './review.ts';

const participation = (id: number, divisionId: number | null): ParticipationInfoModel => ({
  id,
  team: { id, name: `team${id}`, locked: false, captainId: '', bio: null, avatar: null, members: [] },
  registeredMembers: [],
  divisionId,
  status: 'Pending',
});

describe('reviewEach', () => {
  it('reviews each in turn, keeping divisions, and goes on past a refusal', async () => {
    const calls: [number, unknown][] = [];
    const progress: number[] = [];
    const refusal = new Error('gone');
    const failures = await reviewEach(
      [participation(1, 7), participation(2, null), participation(3, null)],
      'Accepted',
      async (id, body) => {
        calls.push([id, body]);
        if (id === 2) throw refusal;
      },
      (done) => progress.push(done),
    );
    expect(calls).toEqual([
      [1, { status: 'Accepted', divisionId: 7 }],
      [2, { status: 'Accepted', divisionId: null }],
      [3, { status: 'Accepted', divisionId: null }],
    ]);
    expect(progress).toEqual([1, 2, 3]);
    expect(failures.map((failure) => [failure.participation.id, failure.error])).toEqual([[2, refusal]]);
  });
});
