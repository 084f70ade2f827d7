import { useTranslation } from 'react-i18next';
import { Page } from '../../../../../../components/Page/index.ts';

/** /admin/games/{id}/challenges/{chalId} */
export default function AdminChallengePage() {
  const { t } = useTranslation();
  return <Page title={t('page.admin.challenge.detail')} />;
}
