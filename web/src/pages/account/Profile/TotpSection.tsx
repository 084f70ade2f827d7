import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { AccountSecurity } from '@pennon/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';
import { TotpConfirm } from '../lib/TotpConfirm.tsx';
import { useSecondFactorSetup } from '../lib/useSecondFactorSetup.ts';
import { CodePrompt } from './CodePrompt.tsx';

export interface SecuritySectionProps {
  security: AccountSecurity;
  /** Reads the caller's methods again after a change. */
  onChanged: () => unknown;
  /** Shows recovery codes just made. */
  showCodes: (codes: string[]) => void;
}

/** The authenticator app: set it up, turn it off, and make new recovery codes (a code asked when it is on). */
export function TotpSection({ security, onChanged, showCodes }: SecuritySectionProps) {
  const { t } = useTranslation();
  const { methods } = security;
  const { setup, setSetup, busy, startTotp } = useSecondFactorSetup();
  const [prompt, setPrompt] = useState<'remove' | 'codes' | null>(null);

  const remove = async (code: string) => {
    try {
      await client.security.totpRemove(code);
      setPrompt(null);
      notifySuccess(t('account.security.totp_removed'));
      await onChanged();
    } catch (err) {
      notifyError(err, t, t('account.security.totp_remove_failed'));
      throw err;
    }
  };

  const newCodes = async (code?: string) => {
    try {
      showCodes(await client.security.recoveryCodes(code));
      setPrompt(null);
      await onChanged();
    } catch (err) {
      notifyError(err, t, t('account.security.codes_failed'));
      throw err;
    }
  };

  const hasFactor = methods.totp || methods.passkeys.length > 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('account.security.totp_title')}
        </Title>
        <Badge variant="light" color={methods.totp ? 'teal' : 'gray'}>
          {methods.totp ? t('account.security.on') : t('account.security.off')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('account.security.totp_hint')}
      </Text>
      {hasFactor && (
        <Text size="sm">{t('account.security.codes_left', { count: methods.recoveryCodes })}</Text>
      )}
      {setup && !methods.totp ? (
        <TotpConfirm
          setup={setup}
          onDone={async (result) => {
            setSetup(null);
            showCodes(result.recoveryCodes);
            notifySuccess(t('account.security.totp_enabled'));
            await onChanged();
          }}
        />
      ) : prompt ? (
        <CodePrompt
          submitLabel={
            prompt === 'remove' ? t('account.security.totp_remove') : t('account.security.codes_new')
          }
          danger={prompt === 'remove'}
          onSubmit={prompt === 'remove' ? remove : newCodes}
          onCancel={() => setPrompt(null)}
        />
      ) : (
        <Group justify="flex-end">
          {hasFactor && (
            <Button
              variant="default"
              onClick={() => (methods.totp ? setPrompt('codes') : newCodes().catch(() => {}))}
            >
              {t('account.security.codes_new')}
            </Button>
          )}
          {methods.totp ? (
            <Button variant="light" color="red" onClick={() => setPrompt('remove')}>
              {t('account.security.totp_remove')}
            </Button>
          ) : (
            <Button loading={busy} onClick={startTotp}>
              {t('account.security.totp_start')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
