import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '../../../../components/LoadError/index.ts';
import { parseGameId } from '../../../games/[id]/useGame.ts';
import { AdminPage } from '../../lib/AdminNav.tsx';
import { GameAdminTabs } from './GameAdminTabs.tsx';
import { useAdminGame } from './useAdminGame.ts';

/** The `:id` of an /admin/games/{id}/… route as a game id (NaN when it is not one). */
export const useGameIdParam = () => parseGameId(useParams().id);

/**
 * The frame of the admin pages of one game: admins only, the admin sections, the game's title with the
 * page's name, and the tabs between the game's pages. `children` renders only for admins, so the page's
 * own requests run only then.
 */
export function GameAdminPage({
  title,
  children,
}: {
  title: string;
  children: (gameId: number) => ReactNode;
}) {
  const gameId = useGameIdParam();
  return (
    <AdminPage title={title}>
      <GameAdminHead gameId={gameId} />
      {Number.isNaN(gameId) ? null : children(gameId)}
    </AdminPage>
  );
}

function GameAdminHead({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { game, error, refresh } = useAdminGame(gameId);
  if (Number.isNaN(gameId) || (!game && error)) {
    return (
      <LoadError
        error={error ?? new Error(t('admin.game.not_found'))}
        retry={refresh}
        title="admin.game.load_failed"
      />
    );
  }
  return (
    <>
      <Text c="dimmed" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="admin-game-title">
        {game?.title ?? '\u00a0'}
      </Text>
      <GameAdminTabs gameId={gameId} />
    </>
  );
}
