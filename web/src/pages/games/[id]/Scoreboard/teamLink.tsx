import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { TeamLink } from '../../../../components/ScoreboardTable/index.ts';

/** A team's page in the game. */
export const teamPath = (gameId: number, teamId: number): string => `/games/${gameId}/teams/${teamId}`;

/** Team names on the scoreboard and in the chart's legend open the team's page, inside the app. */
export const routeTeamLink =
  (gameId: number): TeamLink =>
  (teamId, name) => (
    <Anchor component={Link} to={teamPath(gameId, teamId)} inherit c="inherit" underline="hover">
      {name}
    </Anchor>
  );
