import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/useConfig.ts';
import { BUILD_INFO } from '../../buildInfo.ts';
import { Page } from '../../components/Page/index.ts';
import { TITLE_SUFFIX } from '../../constants.ts';
import { BuildInfoCard } from './BuildInfoCard.tsx';

/** /About: what the platform is, and which build of it this is. */
export default function AboutPage() {
  const { t } = useTranslation();
  const { config } = useConfig();
  return (
    <Page title={t('page.about')}>
      <Text maw={720}>{t('about.intro', { title: `${config.title}${TITLE_SUFFIX}` })}</Text>
      <BuildInfoCard info={BUILD_INFO} />
    </Page>
  );
}
