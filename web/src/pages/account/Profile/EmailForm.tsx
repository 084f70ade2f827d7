import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import { errorMessage, isPennonError, type ProfileUserInfoModel } from '@pennon/sdk';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { EmailInput } from '../../../components/AccountFields/index.ts';
import { errorTitle, notifyError } from '../../../utils/notify.ts';

type Outcome = { kind: 'sent'; email: string } | { kind: 'refused'; message: string } | null;

/**
 * Changing the e-mail address: the server mails a confirmation link to the new address, or (when the
 * platform does not confirm changes by mail) refuses with a 400 whose title says what to do instead.
 */
export function EmailForm({ user }: { user: ProfileUserInfoModel }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm({
    initialValues: { newMail: '' },
    validate: {
      newMail: (value) =>
        isEmail(t('account.validation.email_invalid'))(value.trim()) ??
        (value.trim().toLowerCase() === user.email?.toLowerCase() ? t('account.email.same') : null),
    },
  });

  const submit = form.onSubmit(async ({ newMail }) => {
    setOutcome(null);
    const email = newMail.trim();
    try {
      const { data } = await client.account.changeEmail({ newMail: email });
      if (data) {
        setOutcome({ kind: 'sent', email });
        form.reset();
      } else {
        setOutcome({ kind: 'refused', message: t('account.email.failed') });
      }
    } catch (err) {
      if (isPennonError(err) && err.status === 400) {
        setOutcome({ kind: 'refused', message: errorMessage(err, t) });
      } else {
        notifyError(err, t, errorTitle(err, t, 'account.email.failed'));
      }
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-email-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4" id="profile-email-title">
              {t('account.email.title')}
            </Title>
            {user.email && (
              <Text size="sm" c="dimmed">
                {t('account.email.current', { email: user.email })}
              </Text>
            )}
          </Stack>
          <EmailInput label={t('account.email.new')} {...form.getInputProps('newMail')} />
          {outcome?.kind === 'sent' && (
            <Alert role="status" color="teal" variant="light" icon={<IconMailCheck size={18} />}>
              {t('account.email.sent', { email: outcome.email })}
            </Alert>
          )}
          {outcome?.kind === 'refused' && (
            <Alert
              role="alert"
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={t('account.email.failed')}
            >
              {outcome.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('account.email.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
