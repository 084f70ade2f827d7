import { Alert, Stack } from '@mantine/core';
import { errorMessage } from '@pennon/sdk';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTitle } from '../../utils/notify.ts';
import { AccountCard } from './AccountCard.tsx';

export interface AccountFormProps {
  title: string;
  subtitle?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The last submit's error, shown above the fields; null when there is none. */
  failure: unknown;
  /** Translation key of the error heading when the server gives no title. */
  failedKey: string;
  children: ReactNode;
}

/** An account page's form in its card: the fields, with the last failure announced above them. */
export function AccountForm({ title, subtitle, onSubmit, failure, failedKey, children }: AccountFormProps) {
  const { t } = useTranslation();
  return (
    <AccountCard title={title} subtitle={subtitle}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {failure !== null && (
            <Alert
              role="alert"
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={errorTitle(failure, t, failedKey)}
            >
              {errorMessage(failure, t)}
            </Alert>
          )}
          {children}
        </Stack>
      </form>
    </AccountCard>
  );
}
