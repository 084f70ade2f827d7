import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /account/Profile */
export default function ProfilePage() {
  const { t } = useTranslation();
  return <Page title={t('page.account.profile')} />;
}
