import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /account/Reset */
export default function ResetPage() {
  const { t } = useTranslation();
  return <Page title={t('page.account.reset')} />;
}
