import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /admin/Users */
export default function AdminUsersPage() {
  const { t } = useTranslation();
  return <Page title={t('page.admin.users')} />;
}
