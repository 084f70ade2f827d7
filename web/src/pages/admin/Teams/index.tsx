import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /admin/Teams */
export default function AdminTeamsPage() {
  const { t } = useTranslation();
  return <Page title={t('page.admin.teams')} />;
}
