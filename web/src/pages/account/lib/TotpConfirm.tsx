import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { EnrolResult, TotpSetup } from '@pennon/sdk';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { notifyError } from '../../../utils/notify.ts';

export interface TotpConfirmProps {
  setup: TotpSetup;
  /** The app is on: its recovery codes, and whether this finished a sign-in. */
  onDone: (result: EnrolResult) => void;
}

/** An authenticator app's set-up: the QR code (or the secret, to type), then a code it shows to turn it on. */
export function TotpConfirm({ setup, onDone }: TotpConfirmProps) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (value.trim() ? null : t('account.signin.code_required')) },
  });
  const submit = form.onSubmit(async ({ code }) => {
    try {
      onDone(await client.security.totpConfirm(code.replace(/\s/g, '')));
    } catch (err) {
      form.setFieldValue('code', '');
      notifyError(err, t, t('account.security.totp_failed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('account.security.totp_setup')}>
      <Stack gap="sm">
        <Text size="sm">{t('account.security.totp_scan')}</Text>
        <Group justify="center">
          <QRCodeSVG value={setup.uri} size={176} marginSize={2} title={t('account.security.totp_qr')} />
        </Group>
        <Text size="sm">
          {t('account.security.totp_secret')}{' '}
          <Code aria-label={t('account.security.totp_secret')}>{setup.secret}</Code>
        </Text>
        <TextInput
          label={t('account.signin.totp_code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('account.security.totp_enable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
