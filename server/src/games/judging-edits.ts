// What an edit of the flags or divisions that judging compares answers with says on the bus, for judging-cache.ts
// to drop what it names: here, below the cache and the services that edit, as the cache reads through them.
import type { LiveMessage } from '../live/bus.ts';

/** The bus message an edit of a static challenge's flags sends (added, removed, the challenge deleted). */
export const flagsEdited = (challengeId: number): LiveMessage => ({
  hub: 'judging',
  method: 'FlagsEdited',
  payload: challengeId,
});

/** The bus message an edit of a game's divisions sends (one created, changed or deleted). */
export const divisionsEdited = (gameId: number): LiveMessage => ({
  hub: 'judging',
  method: 'DivisionsEdited',
  payload: gameId,
});

/** The bus message an edit of a game's staged release sends (a challenge's release time or prerequisites). */
export const releaseEdited = (gameId: number): LiveMessage => ({
  hub: 'judging',
  method: 'ReleaseEdited',
  payload: gameId,
});
