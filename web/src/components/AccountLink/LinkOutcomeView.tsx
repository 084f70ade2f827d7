import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '@pennon/sdk';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorTitle } from '../../utils/notify.ts';
import type { LinkOutcome } from './useLinkAction.ts';

export interface LinkOutcomeViewProps {
  outcome: LinkOutcome;
  pending: string;
  doneTitle: string;
  doneMessage: string;
  failedTitle: string;
  next: { to: string; label: string };
  /** Where to go after a failure. */
  fallback: { to: string; label: string };
}

/** The state of a mailed link being used: working on it, done (and where next), or the server's error. */
export function LinkOutcomeView({
  outcome,
  pending,
  doneTitle,
  doneMessage,
  failedTitle,
  next,
  fallback,
}: LinkOutcomeViewProps) {
  const { t } = useTranslation();
  if (outcome.state === 'pending') {
    return (
      <Center py="lg">
        <Stack align="center" gap="sm" role="status">
          <Loader type="dots" />
          <Text size="sm" c="dimmed">
            {pending}
          </Text>
        </Stack>
      </Center>
    );
  }
  const ok = outcome.state === 'done';
  return (
    <Stack gap="md">
      <Alert
        role={ok ? 'status' : 'alert'}
        color={ok ? 'teal' : 'red'}
        variant="light"
        icon={ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
        title={ok ? doneTitle : errorTitle(outcome.error, t, failedTitle)}
      >
        {ok ? doneMessage : errorMessage(outcome.error, t)}
      </Alert>
      <Button component={Link} to={ok ? next.to : fallback.to} variant={ok ? 'filled' : 'default'} fullWidth>
        {ok ? next.label : fallback.label}
      </Button>
    </Stack>
  );
}
