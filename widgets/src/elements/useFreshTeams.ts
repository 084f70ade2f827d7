import type { GameFeed } from '@pennon/sdk/feed';
import { useEffect, useState } from 'react';
import { newSolves } from '../live/solves.ts';
import type { SolveDetail } from '../types.ts';

const GLOW_MS = 3_000;

/** Teams with a solve in the last few seconds, for their rows to glow; each solve also goes to `onSolve`. */
export const useFreshTeams = (
  feed: GameFeed | undefined,
  accept: (solve: SolveDetail) => boolean,
  onSolve: (solve: SolveDetail) => void,
): ReadonlySet<number> => {
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (!feed) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const stop = feed.onScoreboard((after, before) => {
      const mine = newSolves(feed.gameId, before, after).filter(accept);
      if (mine.length === 0) return;
      for (const solve of mine) onSolve(solve);
      const teams = mine.map((solve) => solve.teamId);
      setFresh((current) => new Set([...current, ...teams]));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setFresh((current) => new Set([...current].filter((team) => !teams.includes(team))));
      }, GLOW_MS);
      timers.add(timer);
    });
    return () => {
      stop();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [feed, accept, onSolve]);
  return fresh;
};
