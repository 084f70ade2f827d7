import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /admin/Logs */
export default function AdminLogsPage() {
  const { t } = useTranslation();
  return <Page title={t('page.admin.logs')} />;
}
