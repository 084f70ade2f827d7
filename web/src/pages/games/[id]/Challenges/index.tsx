import { useTranslation } from 'react-i18next';
import { Page } from '../../../../components/Page/index.ts';

/** /games/{id}/Challenges */
export default function GameChallengesPage() {
  const { t } = useTranslation();
  return <Page title={t('page.games.challenges')} />;
}
