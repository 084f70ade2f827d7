import { Alert } from '@mantine/core';
import type { ScoreboardFreeze } from '@pennon/sdk';
import { IconSnowflake } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../i18n/formats.ts';

/**
 * The label of a frozen board (issue #44), on the scoreboard page and in the widgets: since when players see the
 * board as it stood, or for admins and monitors, that theirs is the live one. `short` says only since when, for
 * the narrow widgets (a stream's leaderboard, a challenge card).
 */
export function FrozenBoard({ frozen, short = false }: { frozen: ScoreboardFreeze; short?: boolean }) {
  const { t, i18n } = useTranslation();
  const time = dateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(frozen.at);
  const key = frozen.live
    ? 'game.scoreboard.live_board'
    : short
      ? 'game.scoreboard.frozen_at'
      : 'game.scoreboard.frozen';
  return (
    <Alert
      color={frozen.live ? 'orange' : 'blue'}
      variant="light"
      p={short ? 'xs' : undefined}
      icon={<IconSnowflake size={short ? 16 : 18} />}
      data-testid="scoreboard-frozen"
    >
      {t(key, { time })}
    </Alert>
  );
}
