// The CTFtime scoreboard feed (https://ctftime.org/json-scoreboard-feed) built from a scoreboard: what the server
// serves at /api/game/{id}/ctftime, and what a client can build from any GZ::CTF-compatible scoreboard.
import type { ScoreboardModel } from './contract/models/game.ts';

/** A game's standings in CTFtime's scoreboard feed format, as `/api/game/{id}/ctftime` serves them. */
export interface CtftimeFeed {
  /** The challenge titles. */
  tasks: string[];
  standings: {
    /** Overall rank, from 1. */
    pos: number;
    team: string;
    score: number;
    /** Per solved challenge title: the points it earned and the solve's Unix time in seconds. */
    taskStats: Record<string, { points: number; time: number }>;
    /** Unix seconds of the last scored solve. */
    lastAccept: number;
  }[];
}

/** Only teams ranked overall: the feed is one ranking. */
export const ctftimeFeed = (board: ScoreboardModel): CtftimeFeed => {
  const titles = new Map(
    Object.values(board.challenges)
      .flat()
      .map((c) => [c.id, c.title]),
  );
  return {
    tasks: [...titles.values()],
    standings: board.items
      .filter((item) => item.rank > 0)
      .map((item) => ({
        pos: item.rank,
        team: item.name,
        score: item.score,
        taskStats: Object.fromEntries(
          item.solvedChallenges.map((s) => [
            titles.get(s.id) ?? String(s.id),
            { points: s.score, time: Math.floor(s.time / 1000) },
          ]),
        ),
        lastAccept: Math.max(0, Math.floor(item.lastSubmissionTime / 1000)),
      })),
  };
};
