import type { GameNotice } from '@pennon/sdk';
import { describe, expect, it } from 'vitest';
import { noticeFeed } from './noticeFeed.ts';

const notice = (id: number, type: GameNotice['type'], time: number): GameNotice => ({
  id,
  type,
  values: [`#${id}`],
  time,
});

describe('admin notice feed', () => {
  it('merges the editable notices with the system ones, newest first, each once', () => {
    const editable = [notice(1, 'Normal', 100), notice(4, 'Normal', 400)];
    // The players' list has the Normal notices too.
    const all = [
      notice(4, 'Normal', 400),
      notice(1, 'Normal', 100),
      notice(3, 'FirstBlood', 300),
      notice(2, 'NewHint', 200),
    ];
    expect(noticeFeed(editable, all).map((n) => n.id)).toEqual([4, 3, 2, 1]);
  });
});
