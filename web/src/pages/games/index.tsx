import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page/index.ts';

/** /games */
export default function GamesPage() {
  const { t } = useTranslation();
  return <Page title={t('page.games.list')} />;
}
