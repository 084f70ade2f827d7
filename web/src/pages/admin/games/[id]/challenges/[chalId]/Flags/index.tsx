import { useTranslation } from 'react-i18next';
import { Page } from '../../../../../../../components/Page/index.ts';

/** /admin/games/{id}/challenges/{chalId}/Flags */
export default function AdminChallengeFlagsPage() {
  const { t } = useTranslation();
  return <Page title={t('page.admin.challenge.flags')} />;
}
