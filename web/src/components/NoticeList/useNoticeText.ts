import { correctedBloodMarker, type GameNotice, type TeamNotice } from '@pennon/sdk';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A system notice in words. The team and challenge names are data: they go through i18next as plain
 * values and React renders the result as text, so nothing in them is ever taken as markup.
 */
export function useNoticeText() {
  const { t } = useTranslation();
  return useCallback(
    (notice: GameNotice): string => {
      const [first = '', second = ''] = notice.values;
      switch (notice.type) {
        case 'FirstBlood':
        case 'SecondBlood':
        case 'ThirdBlood': {
          const text = t(`game.notice.${notice.type}`, { team: first, challenge: second });
          return notice.values[2] === correctedBloodMarker
            ? t('game.notice.corrected', { notice: text })
            : text;
        }
        case 'NewHint':
        case 'NewChallenge':
          return t(`game.notice.${notice.type}`, { challenge: first });
        default:
          return first;
      }
    },
    [t],
  );
}

/** A notice for the player's own team (a verdict correction) as a title and words; the reason is the admin's. */
export function useTeamNoticeText() {
  const { t } = useTranslation();
  return useCallback(
    (notice: TeamNotice): { title: string; body: string } =>
      notice.type === 'VerdictCorrected'
        ? {
            title: t('game.notice.team.title'),
            body: t(`game.notice.team.${notice.status === 'Accepted' ? 'accepted' : 'rejected'}`, {
              challenge: notice.challenge,
              reason: notice.reason,
            }),
          }
        : {
            title: t('game.notice.team.removed_title'),
            body: t('game.notice.team.removed', { count: notice.solves, reason: notice.reason }),
          },
    [t],
  );
}
