import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/useConfig.ts';
import { BUILD_INFO } from '../../buildInfo.ts';
import { Page } from '../../components/Page/index.ts';
import { PRODUCT_NAME } from '../../constants.ts';
import { BuildInfoCard } from './BuildInfoCard.tsx';

/** /About: what Pennon is (and that the platform runs on it, when it has a name of its own), and this build. */
export default function AboutPage() {
  const { t } = useTranslation();
  const { config } = useConfig();
  return (
    <Page title={t('page.about')}>
      <Text maw={720}>
        {config.title === PRODUCT_NAME ? t('about.what') : t('about.intro', { title: config.title })}
      </Text>
      <BuildInfoCard info={BUILD_INFO} />
    </Page>
  );
}
