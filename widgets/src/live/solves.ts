// The solves a new scoreboard holds that the previous one did not: what the host page hears about as
// `pennon-solve` (and `pennon-first-blood`) events.
import type { ScoreboardModel, SubmissionType } from '@pennon/sdk';

export interface SolveDetail {
  gameId: number;
  teamId: number;
  team: string;
  /** The team's division, or null. */
  divisionId: number | null;
  challengeId: number;
  challenge: string;
  category: string;
  /** Points awarded, blood bonus included. */
  score: number;
  /** `Normal`, `FirstBlood`, `SecondBlood` or `ThirdBlood`. */
  type: SubmissionType;
  /** Who submitted, when the scoreboard names them. */
  user: string | null;
  /** Unix milliseconds. */
  time: number;
}

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
