import { Group, Text } from '@mantine/core';
import type { BasicGameInfoModel } from '@pennon/sdk';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../i18n/useNumberFormat.ts';
import { gamePhase } from '../games/lib/logic.ts';
import { useNow } from '../games/lib/useNow.ts';
import { useScoreboard } from '../games/lib/useScoreboard.ts';

/**
 * An ongoing game's standing on its card, live: the leading team and its score, or that nobody has scored yet.
 * Nothing for a game that is not under way (looked at again every minute).
 */
export default function LiveStanding({ game }: { game: BasicGameInfoModel }) {
  const ongoing = gamePhase(game.start, game.end, useNow(60_000)) === 'ongoing';
  return ongoing ? <Standing gameId={game.id} /> : null;
}

function Standing({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const { data } = useScoreboard(gameId);
  if (!data) return null;
  const leader = data.items.find((item) => item.rank === 1);
  return (
    <Group gap={4} wrap="nowrap" miw={0} data-testid="game-leader">
      <IconTrophy size={14} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="xs" c="dimmed" truncate>
        {leader && leader.score > 0
          ? t('home.recent_games.leader', { team: leader.name, score: format(leader.score) })
          : t('home.recent_games.no_score')}
      </Text>
    </Group>
  );
}
