// Full-width states shared by the game pages: not found, failed to load, ended, not joined.
import { Alert, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { errorMessage } from '@pennon/sdk';
import { type Icon, IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTitle } from '../../../utils/notify.ts';

export function StatePanel(props: {
  icon: Icon;
  color?: string;
  title: string;
  message: string;
  children?: ReactNode;
  testId?: string;
}) {
  const { icon: StateIcon } = props;
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid={props.testId}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={props.color}>
          <StateIcon size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {props.title}
        </Title>
        <Text c="dimmed" maw={520}>
          {props.message}
        </Text>
        {props.children}
      </Stack>
    </Paper>
  );
}

export function LoadError({ error, retry, title }: { error: unknown; retry: () => unknown; title: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title={errorTitle(error, t, title)}
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
