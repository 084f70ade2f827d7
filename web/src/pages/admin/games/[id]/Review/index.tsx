import { useTranslation } from 'react-i18next';
import { Page } from '../../../../../components/Page/index.ts';

/** /admin/games/{id}/Review */
export default function AdminGameReviewPage() {
  const { t } = useTranslation();
  return <Page title={t('page.admin.game.review')} />;
}
