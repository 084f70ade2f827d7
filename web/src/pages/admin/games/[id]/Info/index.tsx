import { Grid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GameAdminPage } from '../../lib/GameAdminPage.tsx';
import { useAdminGame } from '../../lib/useAdminGame.ts';
import { DivisionsCard } from './DivisionsCard.tsx';
import { FreezeCard } from './FreezeCard.tsx';
import { GameInfoForm } from './GameInfoForm.tsx';
import { PosterCard } from './PosterCard.tsx';

/** /admin/games/{id}/Info: every setting of a game, its poster and its divisions. */
export default function AdminGameInfoPage() {
  const { t } = useTranslation();
  return (
    <GameAdminPage title={t('page.admin.game.info')}>
      {(gameId) => <GameInfo gameId={gameId} />}
    </GameAdminPage>
  );
}

function GameInfo({ gameId }: { gameId: number }) {
  const { game, mutate } = useAdminGame(gameId);
  // The frame shows a load failure.
  if (!game) return <Skeleton height={480} radius="md" />;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <GameInfoForm
          key={game.id}
          game={game}
          onSaved={(saved) => void mutate(saved, { revalidate: false })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <PosterCard
            gameId={gameId}
            poster={game.poster}
            onChanged={(poster) => void mutate({ ...game, poster }, { revalidate: false })}
          />
          <FreezeCard game={game} onRevealed={() => void mutate()} />
          <DivisionsCard gameId={gameId} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
