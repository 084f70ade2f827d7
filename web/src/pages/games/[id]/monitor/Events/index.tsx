import { useTranslation } from 'react-i18next';
import { Page } from '../../../../../components/Page/index.ts';

/** /games/{id}/monitor/Events */
export default function MonitorEventsPage() {
  const { t } = useTranslation();
  return <Page title={t('page.monitor.events')} />;
}
