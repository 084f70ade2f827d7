import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /account/Verify */
export default function VerifyPage() {
  const { t } = useTranslation();
  return <Page title={t('page.account.verify')} />;
}
