import { useTranslation } from 'react-i18next';
import { GameAdminPage } from '../../lib/GameAdminPage.tsx';
import { ReviewList } from './ReviewList.tsx';

/** /admin/games/{id}/Review: accepting, rejecting and suspending the teams of a game, and their divisions. */
export default function AdminGameReviewPage() {
  const { t } = useTranslation();
  return (
    <GameAdminPage title={t('page.admin.game.review')}>
      {(gameId) => <ReviewList gameId={gameId} />}
    </GameAdminPage>
  );
}
