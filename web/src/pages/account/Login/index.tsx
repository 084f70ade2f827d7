import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SignInResult } from '@pennon/sdk';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { client } from '../../../api/client.ts';
import { useConfig } from '../../../api/useConfig.ts';
import { useUser } from '../../../api/useUser.ts';
import { AccountForm, SessionLoader } from '../../../components/AccountCard/index.ts';
import { accountNameProps } from '../../../components/AccountFields/index.ts';
import { Captcha, useCaptcha } from '../../../components/Captcha/index.ts';
import { safeRedirect } from '../../../utils/redirect.ts';
import { ProviderButtons } from '../lib/ProviderButtons.tsx';
import { isDismissed, signChallenge } from '../lib/passkeys.ts';
import { type PendingStep, pendingFromQuery, pendingOf, SignInStep } from '../lib/SignInStep.tsx';
import { useSignInMethods } from '../lib/useSignInMethods.ts';

interface LoginValues {
  userName: string;
  password: string;
}

/**
 * /account/Login: sign in with a user name or e-mail and a password (unless an admin turned passwords off), a
 * provider or a passkey; then the second factor when the account has one; then back to `?from=`. A provider's
 * sign-in comes back here for its second factor (`?step=`).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = safeRedirect(params.get('from'));
  const { status, refresh } = useUser();
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const captcha = useCaptcha();
  // Hidden where no reset mail can be sent (no mail confirmation, or no public address for its link).
  const { config } = useConfig();
  const methods = useSignInMethods();
  const [pending, setPending] = useState<PendingStep | null>(() => pendingFromQuery(params));
  const [passkeying, setPasskeying] = useState(false);

  const form = useForm<LoginValues>({
    initialValues: { userName: '', password: '' },
    validate: {
      userName: (value) => (value.trim() ? null : t('account.validation.user_or_email_required')),
      password: (value) => (value ? null : t('account.validation.password_required')),
    },
  });

  const advance = async (result: SignInResult) => {
    const next = pendingOf(result);
    setPending(next);
    if (next) return;
    setDone(true);
    await refresh();
    navigate(from, { replace: true });
  };

  const submit = form.onSubmit(async ({ userName, password }) => {
    setFailure(null);
    try {
      await advance(
        await client.signIn.password({
          userName: userName.trim(),
          password,
          challenge: await captcha.answer(),
        }),
      );
      form.setFieldValue('password', '');
    } catch (err) {
      setFailure(err);
      form.setFieldValue('password', '');
      captcha.renew();
    }
  });

  const signInWithPasskey = async () => {
    setFailure(null);
    setPasskeying(true);
    try {
      await advance(await client.signIn.passkey(await signChallenge(await client.signIn.passkeyOptions())));
    } catch (err) {
      if (!isDismissed(err)) setFailure(err);
    } finally {
      setPasskeying(false);
    }
  };

  if (!done && status === 'signedIn') return <Navigate to={from} replace />;
  if (status === 'loading' || !methods) return <SessionLoader />;
  if (pending) return <SignInStep step={pending} onResult={advance} onCancel={() => setPending(null)} />;

  const registerLink =
    from === '/' ? '/account/Register' : `/account/Register?from=${encodeURIComponent(from)}`;

  return (
    <AccountForm
      title={t('page.account.login')}
      subtitle={t('account.login.subtitle')}
      onSubmit={submit}
      failure={failure}
      failedKey="account.login.failed"
    >
      <ProviderButtons providers={methods.providers} from={from} divided={methods.password} />
      {methods.password && (
        <>
          <TextInput
            label={t('account.field.user_or_email')}
            {...accountNameProps}
            required
            {...form.getInputProps('userName')}
          />
          <Stack gap={4}>
            <PasswordInput
              label={t('account.field.password')}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            {config.passwordRecovery !== false && (
              <Group justify="flex-end">
                <Anchor component={Link} to="/account/Recovery" size="sm">
                  {t('account.login.forgot')}
                </Anchor>
              </Group>
            )}
          </Stack>
          <Captcha captcha={captcha} />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('account.login.submit')}
          </Button>
        </>
      )}
      {browserSupportsWebAuthn() && (
        <Button
          variant="default"
          fullWidth
          leftSection={<IconKey size={18} />}
          loading={passkeying}
          onClick={signInWithPasskey}
        >
          {t('account.signin.with_passkey')}
        </Button>
      )}
      {(methods.passwordRegistration || methods.providers.length > 0) && (
        <Text size="sm" ta="center" c="dimmed">
          {t('account.login.no_account')}{' '}
          <Anchor component={Link} to={registerLink} fw={500}>
            {t('account.login.register_link')}
          </Anchor>
        </Text>
      )}
    </AccountForm>
  );
}
