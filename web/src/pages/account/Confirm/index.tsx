import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page/index.ts';

/** /account/Confirm */
export default function ConfirmPage() {
  const { t } = useTranslation();
  return <Page title={t('page.account.confirm')} />;
}
