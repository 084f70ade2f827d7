import { useTranslation } from 'react-i18next';
import { Page } from '../../../../../components/Page/index.ts';

/** /games/{id}/monitor/Submissions */
export default function MonitorSubmissionsPage() {
  const { t } = useTranslation();
  return <Page title={t('page.monitor.submissions')} />;
}
