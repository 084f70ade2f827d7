// The solves a new scoreboard holds that the previous one did not: what the host page hears about as
// `pennon-solve` (and `pennon-first-blood`) events.
import type { ScoreboardModel } from '@pennon/sdk';
import type { SolveDetail } from '../types.ts';

export const newSolves = (gameId: number, before: ScoreboardModel, after: ScoreboardModel): SolveDetail[] => {
  const known = new Set(
    before.items.flatMap((item) => item.solvedChallenges.map((solve) => `${item.id}:${solve.id}`)),
  );
  const challenges = new Map(
    Object.values(after.challenges)
      .flat()
      .map((challenge) => [challenge.id, challenge]),
  );
  return after.items
    .flatMap((item) =>
      item.solvedChallenges
        .filter((solve) => !known.has(`${item.id}:${solve.id}`))
        .map(
          (solve): SolveDetail => ({
            gameId,
            teamId: item.id,
            team: item.name,
            divisionId: item.divisionId,
            challengeId: solve.id,
            challenge: challenges.get(solve.id)?.title ?? '',
            category: challenges.get(solve.id)?.category ?? '',
            score: solve.score,
            type: solve.type,
            user: solve.userName,
            time: solve.time,
          }),
        ),
    )
    .sort((a, b) => a.time - b.time);
};
