import { Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { BasicGameInfoModel } from '@pennon/sdk';
import { IconFlag3 } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../components/LoadError/index.ts';
import classes from '../games/GameCard.module.css';
import { GameCountdown } from '../games/lib/GameStatus.tsx';
import { HomeSection } from './HomeSection.tsx';
import { useRecentGames } from './useRecentGames.ts';

// Loaded once the page shows, with the game's live feed: not part of what a first visit waits for.
const LiveStanding = lazy(() => import('./LiveStanding.tsx'));

/** One game in the column: a small poster, the title (the link to it), its phase and countdown, its live leader. */
function RecentGame({ game }: { game: BasicGameInfoModel }) {
  return (
    <Card withBorder radius="md" padding="sm" component="article" className={classes.card}>
      <Group gap="sm" wrap="nowrap" align="center">
        {game.poster ? (
          <Image src={game.poster} alt="" w={56} h={56} radius="sm" fit="cover" />
        ) : (
          <div className={classes.placeholder} style={{ width: 56, height: 56, flexShrink: 0 }} aria-hidden>
            <IconFlag3 size={24} stroke={1.4} />
          </div>
        )}
        <Stack gap={4} miw={0}>
          <Title order={3} size="h5" className={classes.title} lineClamp={2}>
            <Link to={`/games/${game.id}`} className={classes.link}>
              {game.title}
            </Link>
          </Title>
          <GameCountdown start={game.start} end={game.end} />
          <Suspense fallback={null}>
            <LiveStanding game={game} />
          </Suspense>
        </Stack>
      </Group>
    </Card>
  );
}

/** The home page's column of games: ongoing first, then upcoming, then the recently ended. */
export function RecentGames() {
  const { t } = useTranslation();
  const { games, error, refresh } = useRecentGames();

  let content: React.ReactNode;
  if (games === undefined && error) {
    content = <LoadError error={error} retry={refresh} title="game.load_failed" />;
  } else if (games === undefined) {
    content = (
      <Stack gap="sm" aria-busy>
        <Skeleton height={82} radius="md" />
        <Skeleton height={82} radius="md" />
      </Stack>
    );
  } else if (games.length === 0) {
    content = <Text c="dimmed">{t('home.recent_games.empty')}</Text>;
  } else {
    content = (
      <Stack gap="sm" data-testid="recent-games">
        {games.map((game) => (
          <RecentGame key={game.id} game={game} />
        ))}
      </Stack>
    );
  }

  return (
    <HomeSection
      id="home-games-title"
      title={t('home.recent_games.title')}
      all={{ to: '/games', label: t('home.recent_games.all') }}
    >
      {content}
    </HomeSection>
  );
}
