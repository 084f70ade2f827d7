import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /account/Recovery */
export default function RecoveryPage() {
  const { t } = useTranslation();
  return <Page title={t('page.account.recovery')} />;
}
