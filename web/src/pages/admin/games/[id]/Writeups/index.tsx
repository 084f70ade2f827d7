import { useTranslation } from 'react-i18next';
import { Page } from '../../../../../components/Page/index.ts';

/** /admin/games/{id}/Writeups */
export default function AdminGameWriteupsPage() {
  const { t } = useTranslation();
  return <Page title={t('page.admin.game.writeups')} />;
}
