import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page/index.ts';

/** /Teams */
export default function TeamsPage() {
  const { t } = useTranslation();
  return <Page title={t('page.teams')} />;
}
