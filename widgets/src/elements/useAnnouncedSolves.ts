import { useCallback } from 'react';
import { emitSolve } from '../events.ts';
import { useGameFeed } from '../live/useGameFeed.ts';
import type { SolveDetail } from '../types.ts';
import { useFreshTeams } from './useFreshTeams.ts';
import type { WidgetPlace } from './WidgetFrame.tsx';

/** The solves an element speaks of: one division's (0 or none: every team's), of one challenge or of all. */
export interface SolveScope {
  division?: number;
  challengeId?: number;
}

/**
 * The game's live state for an element; each solve in its scope is announced to the host page (`pennon-solve`,
 * and `pennon-first-blood`, on the element) and its team glows for a few seconds (`fresh`).
 */
export const useAnnouncedSolves = (
  { server, gameId, host }: WidgetPlace,
  { division = 0, challengeId }: SolveScope,
) => {
  const { feed, state } = useGameFeed(server, gameId);
  const accept = useCallback(
    (solve: SolveDetail) =>
      (division === 0 || solve.divisionId === division) &&
      (challengeId === undefined || solve.challengeId === challengeId),
    [division, challengeId],
  );
  const announce = useCallback((solve: SolveDetail) => emitSolve(host, solve), [host]);
  const fresh = useFreshTeams(feed, accept, announce);
  return { state, fresh };
};
