import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /account/Register */
export default function RegisterPage() {
  const { t } = useTranslation();
  return <Page title={t('page.account.register')} />;
}
