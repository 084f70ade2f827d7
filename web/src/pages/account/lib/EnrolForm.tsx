import { Alert, Button, Stack } from '@mantine/core';
import type { TotpSetup } from '@pennon/sdk';
import { IconKey, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { AccountCard } from '../../../components/AccountCard/index.ts';
import { notifyError } from '../../../utils/notify.ts';
import { createPasskey, isDismissed } from './passkeys.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { TotpConfirm } from './TotpConfirm.tsx';

export interface EnrolFormProps {
  /** The second factor is set up and the sign-in finished. */
  onSignedIn: () => void;
  onCancel: () => void;
}

/** A sign-in whose account's role needs a second factor it lacks: set one up, keep the recovery codes, go on. */
export function EnrolForm({ onSignedIn, onCancel }: EnrolFormProps) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const startTotp = async () => {
    setBusy(true);
    try {
      setSetup(await client.security.totpSetup());
    } catch (err) {
      notifyError(err, t, t('account.security.totp_failed'));
    } finally {
      setBusy(false);
    }
  };

  const addPasskey = async () => {
    setBusy(true);
    try {
      const credential = await createPasskey(await client.security.passkeyOptions());
      const { result } = await client.security.addPasskey({
        name: t('account.security.passkey_default_name'),
        credential,
      });
      setCodes(result.recoveryCodes);
    } catch (err) {
      if (!isDismissed(err)) notifyError(err, t, t('account.security.passkey_failed'));
    } finally {
      setBusy(false);
    }
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
              onClick={addPasskey}
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
