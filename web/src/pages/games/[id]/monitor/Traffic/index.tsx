import { useTranslation } from 'react-i18next';
import { Page } from '../../../../../components/Page/index.ts';

/** /games/{id}/monitor/Traffic */
export default function MonitorTrafficPage() {
  const { t } = useTranslation();
  return <Page title={t('page.monitor.traffic')} />;
}
