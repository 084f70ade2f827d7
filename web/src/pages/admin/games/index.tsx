import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /admin/games */
export default function AdminGamesPage() {
  const { t } = useTranslation();
  return <Page title={t('page.admin.games')} />;
}
