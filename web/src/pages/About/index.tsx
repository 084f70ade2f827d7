import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page/index.ts';

/** /About */
export default function AboutPage() {
  const { t } = useTranslation();
  return <Page title={t('page.about')} />;
}
