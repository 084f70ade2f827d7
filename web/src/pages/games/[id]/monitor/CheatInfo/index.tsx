import { useTranslation } from 'react-i18next';
import { Page } from '../../../../../components/Page/index.ts';

/** /games/{id}/monitor/CheatInfo */
export default function MonitorCheatInfoPage() {
  const { t } = useTranslation();
  return <Page title={t('page.monitor.cheat_info')} />;
}
