import { Badge } from '@mantine/core';
import type { ParticipationStatus } from '@pennon/sdk';
import { IconCircleCheck, IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useGame } from './[id]/useGame.ts';
import { PARTICIPATION_COLORS } from './lib/participationColors.ts';

/** What the caller's team is in a game: joined only once accepted, awaiting review before; nothing if not in. */
export function ParticipationBadge({ status }: { status: ParticipationStatus }) {
  const { t } = useTranslation();
  if (status === 'Unsubmitted') return null;
  const label = status === 'Accepted' ? t('game.list.joined') : t(`game.participation.status.${status}`);
  const icon =
    status === 'Accepted' ? (
      <IconCircleCheck size={12} />
    ) : status === 'Pending' ? (
      <IconHourglass size={12} />
    ) : null;
  return (
    <Badge
      color={PARTICIPATION_COLORS[status]}
      variant="light"
      leftSection={icon}
      data-testid="participation-marker"
      data-status={status}
    >
      {label}
    </Badge>
  );
}

/** The signed-in caller's participation in game `gameId` (from the game's detail, which the game page shares). */
export function ParticipationMarker({ gameId }: { gameId: number }) {
  const { game } = useGame(gameId);
  return game ? <ParticipationBadge status={game.status} /> : null;
}
