import { useTranslation } from 'react-i18next';
import { Page } from '../../../../components/Page/index.ts';

/** /games/{id}/Scoreboard */
export default function GameScoreboardPage() {
  const { t } = useTranslation();
  return <Page title={t('page.games.scoreboard')} />;
}
