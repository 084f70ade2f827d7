// The bulk review's loop on its own: 50 participations per call, progress after each, failures kept and skipped.
import type { ParticipationInfoModel } from '@pennon/sdk';
import { describe, expect, it } from 'vitest';
import { reviewAll } from './review.ts';

const participation = (id: number, divisionId: number | null): ParticipationInfoModel => ({
  id,
  team: { id, name: `team${id}`, locked: false, captainId: '', bio: null, avatar: null, members: [] },
  registeredMembers: [],
  divisionId,
  status: 'Pending',
});

describe('reviewAll', () => {
  it('reviews 50 per request and goes on past a refusal and a failed request', async () => {
    const list = Array.from({ length: 120 }, (_, i) => participation(i + 1, i % 2 ? 7 : null));
    const bodies: unknown[] = [];
    const progress: number[] = [];
    const offline = new Error('offline');
    const failures = await reviewAll(
      list,
      'Accepted',
      async (body) => {
        bodies.push(body);
        if (body.ids.includes(60)) throw offline;
        return {
          failed: body.ids.includes(2) ? [{ id: 2, title: 'Participation not found', status: 404 }] : [],
        };
      },
      (done) => progress.push(done),
    );
    expect(bodies).toEqual([
      { ids: list.slice(0, 50).map((p) => p.id), status: 'Accepted' },
      { ids: list.slice(50, 100).map((p) => p.id), status: 'Accepted' },
      { ids: list.slice(100).map((p) => p.id), status: 'Accepted' },
    ]);
    expect(progress).toEqual([50, 100, 120]);
    expect(failures.map((failure) => failure.participation.id)).toEqual([
      2,
      ...list.slice(50, 100).map((p) => p.id),
    ]);
    expect(failures[0]?.error).toMatchObject({ status: 404, title: 'Participation not found' });
    expect(failures[1]?.error).toBe(offline);
  });
});
