import { Anchor, Text, type TextProps } from '@mantine/core';
import { Link } from 'react-router';
import { teamIdsByName, teamPath } from './teams.ts';
import { useScoreboard } from './useScoreboard.ts';

/** A team named in a record that has only its name: a link to its page when the scoreboard knows it. */
export function TeamName({ gameId, name, ...props }: TextProps & { gameId: number; name: string }) {
  const { data } = useScoreboard(gameId);
  const id = teamIdsByName(data).get(name);
  const style = { overflowWrap: 'anywhere' } as const;
  if (id === undefined) {
    return (
      <Text {...props} style={style}>
        {name}
      </Text>
    );
  }
  return (
    <Anchor {...props} component={Link} to={teamPath(gameId, id)} style={style} data-testid="team-link">
      {name}
    </Anchor>
  );
}
