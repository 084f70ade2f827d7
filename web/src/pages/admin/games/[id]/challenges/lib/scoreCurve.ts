// The preview of a challenge's dynamic score: its value after each number of solves, by the server's own rule.
import { type ChallengeScoring, challengeValue } from '@pennon/sdk';

export interface CurvePoint {
  solves: number;
  score: number;
}

/** Parameters the server would score with: a positive score, a rate in [0, 1] and a positive difficulty. */
export const isValidScoring = ({ originalScore, minScoreRate, difficulty }: ChallengeScoring): boolean =>
  Number.isInteger(originalScore) &&
  originalScore > 0 &&
  minScoreRate >= 0 &&
  minScoreRate <= 1 &&
  Number.isFinite(difficulty) &&
  difficulty > 0;

/** The floor the value tends to, ⌊r·S⌋ (what the admin list calls the minimum score). */
export const minScore = ({ originalScore, minScoreRate }: ChallengeScoring) =>
  Math.floor(originalScore * minScoreRate);

/**
 * How many solves the chart spans: until the decay is 99 % done (e^((1−n)/d) < 0.01, n ≈ 1 + 4.6·d), at least
 * 10 and at most 200, and always past the current count.
 */
export const curveLength = (difficulty: number, solved = 0): number =>
  Math.min(200, Math.max(10, Math.ceil(1 + difficulty * Math.log(100)), solved + 1));

/** The value after 1…`length` solves; empty for parameters the server would not take. */
export const scoreCurve = (scoring: ChallengeScoring, length: number): CurvePoint[] =>
  isValidScoring(scoring)
    ? Array.from({ length }, (_, i) => ({ solves: i + 1, score: challengeValue(scoring, i + 1) }))
    : [];
