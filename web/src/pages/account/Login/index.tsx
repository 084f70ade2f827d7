import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /account/Login */
export default function LoginPage() {
  const { t } = useTranslation();
  return <Page title={t('page.account.login')} />;
}
