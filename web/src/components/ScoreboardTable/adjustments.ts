// A team's awards and penalties as the scoreboard, the team page and the admin list write them: signed points, and
// each with its reason.
import type { ScoreAdjustment } from '@pennon/sdk';

/** Points with their sign: "+300", "-50". */
export const signedPoints = (format: (value: number) => string, points: number): string =>
  `${points > 0 ? '+' : ''}${format(points)}`;

/** The net points of a team's adjustments. */
export const netPoints = (adjustments: readonly ScoreAdjustment[]): number =>
  adjustments.reduce((net, a) => net + a.points, 0);

/** "+300 Reported a bug; -50 Flag sharing", oldest first. */
export const adjustmentList = (format: (value: number) => string, adjustments: readonly ScoreAdjustment[]) =>
  adjustments.map((a) => `${signedPoints(format, a.points)} ${a.reason}`).join('; ');
