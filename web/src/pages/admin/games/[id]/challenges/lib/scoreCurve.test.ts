import { describe, expect, it } from 'vitest';
import { curveLength, isValidScoring, minScore, scoreCurve } from './scoreCurve.ts';

const scoring = { originalScore: 1000, minScoreRate: 0.25, difficulty: 5 };

describe('score curve', () => {
  it('gives the full score to the first solver, then the server formula down towards ⌊r·S⌋', () => {
    const curve = scoreCurve(scoring, 30);
    expect(curve).toHaveLength(30);
    expect(curve[0]).toEqual({ solves: 1, score: 1000 });
    // ⌊1000·(0.25 + 0.75·e^−0.2)⌋ and ⌊1000·(0.25 + 0.75·e^−0.8)⌋, as in gzctf-api §4.1.
    expect(curve[1]).toEqual({ solves: 2, score: 864 });
    expect(curve[4]).toEqual({ solves: 5, score: 586 });
    for (let i = 1; i < curve.length; i++) {
      expect((curve[i] as { score: number }).score).toBeLessThanOrEqual(
        (curve[i - 1] as { score: number }).score,
      );
    }
    expect(curve.at(-1)?.score).toBeGreaterThanOrEqual(minScore(scoring));
    expect(minScore(scoring)).toBe(250);
  });

  it('keeps the score flat when the minimum rate is 1', () => {
    expect(new Set(scoreCurve({ ...scoring, minScoreRate: 1 }, 20).map((p) => p.score))).toEqual(
      new Set([1000]),
    );
  });

  it('draws nothing for parameters the server would refuse or could not score with', () => {
    expect(scoreCurve({ ...scoring, difficulty: 0 }, 10)).toEqual([]);
    expect(scoreCurve({ ...scoring, minScoreRate: 1.5 }, 10)).toEqual([]);
    expect(scoreCurve({ ...scoring, originalScore: 0 }, 10)).toEqual([]);
    expect(isValidScoring({ ...scoring, difficulty: Number.NaN })).toBe(false);
    expect(isValidScoring(scoring)).toBe(true);
  });

  it('spans the decay: longer for a slow one, within 10 and 200 solves, past the current count', () => {
    expect(curveLength(5)).toBe(25);
    expect(curveLength(0.5)).toBe(10);
    expect(curveLength(100)).toBe(200);
    expect(curveLength(5, 60)).toBe(61);
  });
});
