import { useTranslation } from 'react-i18next';
import { Page } from '../../../../../components/Page/index.ts';

/** /admin/games/{id}/Info */
export default function AdminGameInfoPage() {
  const { t } = useTranslation();
  return <Page title={t('page.admin.game.info')} />;
}
