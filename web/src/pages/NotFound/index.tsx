import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/Page/index.ts';

/** Any path no route matches. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('page.not_found.title')}>
      <Text c="dimmed">{t('page.not_found.description')}</Text>
      <div>
        <Button component={Link} to="/" variant="light">
          {t('page.not_found.back_home')}
        </Button>
      </div>
    </Page>
  );
}
