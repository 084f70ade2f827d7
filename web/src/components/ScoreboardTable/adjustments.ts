// A team's awards and penalties as the scoreboard, the team page and the admin list write them: signed points, and
// each with its reason.
import type { ScoreAdjustment } from '@pennon/sdk';
import type { TFunction } from 'i18next';

/** Points with their sign: "+300", "-50". */
export const signedPoints = (format: (value: number) => string, points: number): string =>
  `${points > 0 ? '+' : ''}${format(points)}`;

/** The net points of a team's adjustments. */
export const netPoints = (adjustments: readonly ScoreAdjustment[]): number =>
  adjustments.reduce((net, a) => net + a.points, 0);

/** Why: an organiser's reason, or which hint the team paid for. */
export const adjustmentReason = (t: TFunction, a: ScoreAdjustment): string =>
  a.hintId === undefined ? a.reason : t('game.scoreboard.hint_cost', { title: a.reason });

/** "+300 Reported a bug; -50 Flag sharing", oldest first. */
export const adjustmentList = (
  t: TFunction,
  format: (value: number) => string,
  adjustments: readonly ScoreAdjustment[],
) => adjustments.map((a) => `${signedPoints(format, a.points)} ${adjustmentReason(t, a)}`).join('; ');
