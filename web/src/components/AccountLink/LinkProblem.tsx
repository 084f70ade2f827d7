import { Alert, Button, Stack } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Said when a mailed link lacks its token or e-mail (cut short when copied, most often). */
export function IncompleteLink({ retryTo, retryLabel }: { retryTo: string; retryLabel: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert
        role="alert"
        color="yellow"
        variant="light"
        icon={<IconLinkOff size={18} />}
        title={t('account.link.incomplete_title')}
      >
        {t('account.link.incomplete_message')}
      </Alert>
      <Button component={Link} to={retryTo} variant="default" fullWidth>
        {retryLabel}
      </Button>
    </Stack>
  );
}
