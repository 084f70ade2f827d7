import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /games/{id} */
export default function GamePage() {
  const { t } = useTranslation();
  return <Page title={t('page.games.detail')} />;
}
