import { useTranslation } from 'react-i18next';
import { Page } from '../../../../../components/Page/index.ts';

/** /admin/games/{id}/Notices */
export default function AdminGameNoticesPage() {
  const { t } = useTranslation();
  return <Page title={t('page.admin.game.notices')} />;
}
