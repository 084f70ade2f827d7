// A challenge's dynamic value (gzctf-api §4.1), shared by the server's scoreboard and the admin pages' preview curve.

/** The scoring parameters of a challenge. */
export interface ChallengeScoring {
  originalScore: number;
  /** The share of `originalScore` the value tends to, 0–1. */
  minScoreRate: number;
  /** How slowly the value decays: the larger, the slower. */
  difficulty: number;
}

/** value(n): the full score up to the first solve, then decaying towards ⌊r·S⌋. */
export const challengeValue = (c: ChallengeScoring, solved: number): number => {
  if (solved <= 1) return c.originalScore;
  const rate = c.minScoreRate + (1 - c.minScoreRate) * Math.exp((1 - solved) / c.difficulty);
  return Math.floor(c.originalScore * rate);
};
