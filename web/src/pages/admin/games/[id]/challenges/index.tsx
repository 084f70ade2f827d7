import { useTranslation } from 'react-i18next';
import { Page } from '../../../../../components/Page/index.ts';

/** /admin/games/{id}/challenges */
export default function AdminChallengesPage() {
  const { t } = useTranslation();
  return <Page title={t('page.admin.game.challenges')} />;
}
