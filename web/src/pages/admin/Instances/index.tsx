import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /admin/Instances */
export default function AdminInstancesPage() {
  const { t } = useTranslation();
  return <Page title={t('page.admin.instances')} />;
}
