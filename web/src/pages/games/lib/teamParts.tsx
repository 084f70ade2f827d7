import { Anchor, Group } from '@mantine/core';
import type { TeamInfoModel } from '@pennon/sdk';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { parseGameId } from '../[id]/useGame.ts';

/** The `:teamId` route parameter as a team id, or NaN. */
export const parseTeamId = parseGameId;

/** A team's public record as a game shows it (only members who play that game), shared by its and its members' pages. */
export const useTeam = (teamId: number, gameId: number) =>
  useSWR<TeamInfoModel>(
    Number.isNaN(teamId) ? null : ['/api/team', teamId, gameId],
    () => client.team.get(teamId, { game: gameId }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );

/** The way back to the game's scoreboard, above a team's or a player's page. */
export function BackToScoreboard({ gameId, title }: { gameId: number; title: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={`/games/${gameId}/Scoreboard`} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {title ? t('game.team_page.back_to', { game: title }) : t('page.games.scoreboard')}
      </Group>
    </Anchor>
  );
}
