import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /admin/Settings */
export default function AdminSettingsPage() {
  const { t } = useTranslation();
  return <Page title={t('page.admin.settings')} />;
}
