import { Alert, Button, type MantineSpacing, Stack, Text } from '@mantine/core';
import { errorMessage } from '@pennon/sdk';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorTitle } from '../../utils/notify.ts';

/** Data that could not be loaded: what went wrong, in the server's words, and a way to try again. */
export function LoadError({
  error,
  retry,
  title,
  mt,
}: {
  error: unknown;
  retry: () => unknown;
  /** Translation key of the heading (a rate limit shows "try later" instead). */
  title: string;
  mt?: MantineSpacing;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title={errorTitle(error, t, title)}
      mt={mt}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error, t)}</Text>
        <Button size="xs" variant="default" onClick={() => void retry()}>
          {t('error_page.try_again')}
        </Button>
      </Stack>
    </Alert>
  );
}
