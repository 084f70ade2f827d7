import type { GameNotice } from '@pennon/sdk';

/**
 * The admin's notice feed, newest first: the editable notices (the edit list, which has only Normal ones)
 * and the system ones (bloods, hints, new challenges) from the players' list.
 */
export const noticeFeed = (editable: GameNotice[], all: GameNotice[]): GameNotice[] =>
  [...editable, ...all.filter((notice) => notice.type !== 'Normal')].sort((a, b) => b.time - a.time);
