import type { GameNotice } from '@pennon/sdk';
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
        case 'ThirdBlood':
          return t(`game.notice.${notice.type}`, { team: first, challenge: second });
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
