import { Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { BasicGameInfoModel } from '@pennon/sdk';
import { IconFlag3 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './GameCard.module.css';
import { GameCountdown, GameTimeRange, TeamLimit } from './lib/GameStatus.tsx';

/**
 * A game in the list: poster, title (the link to it), summary, phase with countdown, times, team size, and
 * a marker of the caller's participation when given.
 */
export function GameCard({ game, marker }: { game: BasicGameInfoModel; marker?: ReactNode }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      className={classes.card}
      data-testid="game-card"
    >
      <Card.Section className={classes.poster}>
        {game.poster ? (
          <Image src={game.poster} alt="" h={140} fit="cover" />
        ) : (
          <div className={classes.placeholder} aria-hidden>
            <IconFlag3 size={48} stroke={1.2} />
          </div>
        )}
      </Card.Section>
      <Stack gap="xs" mt="md" flex={1}>
        <Title order={2} size="h4" className={classes.title}>
          <Link to={`/games/${game.id}`} className={classes.link}>
            {game.title}
          </Link>
        </Title>
        <Group gap="xs" justify="space-between">
          <GameCountdown start={game.start} end={game.end} />
          {marker}
        </Group>
        {game.summary && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {game.summary}
          </Text>
        )}
        <Group gap="md" mt="auto" pt="xs">
          <GameTimeRange start={game.start} end={game.end} />
          <TeamLimit limit={game.limit} />
        </Group>
      </Stack>
    </Card>
  );
}
