import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SecondFactor, SignInResult } from '@pennon/sdk';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { AccountForm } from '../../../components/AccountCard/index.ts';
import { isDismissed, signChallenge } from './passkeys.ts';

export interface SecondFactorFormProps {
  factors: SecondFactor[];
  onResult: (result: SignInResult) => void;
  onCancel: () => void;
}

type CodeKind = 'Totp' | 'RecoveryCode';

/** The second step of a sign-in: an authenticator code, a recovery code or a passkey, whichever the account has. */
export function SecondFactorForm({ factors, onResult, onCancel }: SecondFactorFormProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<CodeKind>(factors.includes('Totp') ? 'Totp' : 'RecoveryCode');
  const [failure, setFailure] = useState<unknown>(null);
  const [signing, setSigning] = useState(false);
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (value.trim() ? null : t('account.signin.code_required')) },
  });
  const codes = factors.includes('Totp') || factors.includes('RecoveryCode');

  const submit = form.onSubmit(async ({ code }) => {
    setFailure(null);
    try {
      onResult(await client.signIn.code({ kind, code: code.trim() }));
    } catch (err) {
      setFailure(err);
      form.setFieldValue('code', '');
    }
  });

  const usePasskey = async () => {
    setFailure(null);
    setSigning(true);
    try {
      const assertion = await signChallenge(await client.signIn.passkeyOptions());
      onResult(await client.signIn.passkey(assertion));
    } catch (err) {
      if (!isDismissed(err)) setFailure(err);
    } finally {
      setSigning(false);
    }
  };

  const cancel = async () => {
    await client.signIn.cancel().catch(() => {});
    onCancel();
  };

  return (
    <AccountForm
      title={t('account.signin.factor_title')}
      subtitle={t('account.signin.factor_subtitle')}
      onSubmit={submit}
      failure={failure}
      failedKey="account.signin.factor_failed"
    >
      {codes && (
        <>
          <TextInput
            key={kind}
            label={kind === 'Totp' ? t('account.signin.totp_code') : t('account.signin.recovery_code')}
            inputMode={kind === 'Totp' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            required
            {...form.getInputProps('code')}
          />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('account.signin.verify')}
          </Button>
          {factors.includes('Totp') && factors.includes('RecoveryCode') && (
            <Group justify="center">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setKind(kind === 'Totp' ? 'RecoveryCode' : 'Totp')}
              >
                {kind === 'Totp' ? t('account.signin.use_recovery') : t('account.signin.use_totp')}
              </Anchor>
            </Group>
          )}
        </>
      )}
      {factors.includes('Passkey') && (
        <Button
          variant={codes ? 'default' : 'filled'}
          fullWidth
          leftSection={<IconKey size={18} />}
          loading={signing}
          onClick={usePasskey}
        >
          {t('account.signin.use_passkey')}
        </Button>
      )}
      <Button variant="subtle" fullWidth onClick={cancel}>
        {t('account.signin.start_over')}
      </Button>
    </AccountForm>
  );
}
