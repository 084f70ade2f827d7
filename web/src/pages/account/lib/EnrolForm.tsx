import { Alert, Button, Stack } from '@mantine/core';
import { IconKey, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { AccountCard } from '../../../components/AccountCard/index.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { TotpConfirm } from './TotpConfirm.tsx';
import { useSecondFactorSetup } from './useSecondFactorSetup.ts';

export interface EnrolFormProps {
  /** The second factor is set up and the sign-in finished. */
  onSignedIn: () => void;
  onCancel: () => void;
}

/** A sign-in whose account's role needs a second factor it lacks: set one up, keep the recovery codes, go on. */
export function EnrolForm({ onSignedIn, onCancel }: EnrolFormProps) {
  const { t } = useTranslation();
  const { setup, busy, startTotp, addPasskey } = useSecondFactorSetup();
  const [codes, setCodes] = useState<string[] | null>(null);

  const addDefaultPasskey = async () => {
    const result = await addPasskey(t('account.security.passkey_default_name'));
    if (result) setCodes(result.recoveryCodes);
  };

  const cancel = async () => {
    await client.signIn.cancel().catch(() => {});
    onCancel();
  };

  return (
    <AccountCard title={t('account.signin.enrol_title')} subtitle={t('account.signin.enrol_subtitle')}>
      <Stack gap="md">
        {codes ? (
          <>
            <RecoveryCodes codes={codes} />
            <Button fullWidth onClick={onSignedIn}>
              {t('account.signin.continue')}
            </Button>
          </>
        ) : setup ? (
          <TotpConfirm setup={setup} onDone={(result) => setCodes(result.recoveryCodes)} />
        ) : (
          <>
            <Alert color="blue" variant="light" icon={<IconShieldLock size={18} />}>
              {t('account.signin.enrol_why')}
            </Alert>
            <Button fullWidth loading={busy} onClick={startTotp}>
              {t('account.security.totp_start')}
            </Button>
            <Button
              variant="default"
              fullWidth
              leftSection={<IconKey size={18} />}
              disabled={busy}
              onClick={addDefaultPasskey}
            >
              {t('account.security.passkey_add')}
            </Button>
          </>
        )}
        {!codes && (
          <Button variant="subtle" fullWidth onClick={cancel}>
            {t('account.signin.start_over')}
          </Button>
        )}
      </Stack>
    </AccountCard>
  );
}
