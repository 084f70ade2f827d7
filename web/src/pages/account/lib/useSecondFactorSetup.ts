import type { EnrolResult, TotpSetup } from '@pennon/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { notifyError } from '../../../utils/notify.ts';
import { createPasskey, isDismissed } from './passkeys.ts';

/**
 * Setting up a second factor, as the profile and a sign-in that needs one both do: an authenticator app's secret
 * to confirm, or a passkey made on this device.
 */
export function useSecondFactorSetup() {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
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

  /** Makes a passkey here and keeps it under `name`: what that brought, or null when it failed or was dismissed. */
  const addPasskey = async (name: string): Promise<EnrolResult | null> => {
    setBusy(true);
    try {
      const credential = await createPasskey(await client.security.passkeyOptions());
      return (await client.security.addPasskey({ name, credential })).result;
    } catch (err) {
      if (!isDismissed(err)) notifyError(err, t, t('account.security.passkey_failed'));
      return null;
    } finally {
      setBusy(false);
    }
  };

  return { setup, setSetup, busy, startTotp, addPasskey };
}
