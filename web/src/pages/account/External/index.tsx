import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ExternalSignIn, SignInResult } from '@pennon/sdk';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { ONCE } from '../../../api/once.ts';
import { useUser } from '../../../api/useUser.ts';
import { AccountForm, SessionLoader } from '../../../components/AccountCard/index.ts';
import { accountNameProps, UserNameInput } from '../../../components/AccountFields/index.ts';
import {
  RegistrationFieldInputs,
  useFieldValues,
  useRegistrationFields,
} from '../../../components/RegistrationFields/index.ts';
import { errorTitle } from '../../../utils/notify.ts';
import { userNameRule } from '../../../utils/userFields.ts';
import { OutcomeCard } from '../lib/OutcomeCard.tsx';
import { type PendingStep, pendingOf, SignInStep } from '../lib/SignInStep.tsx';
import { failureKey } from './failures.ts';

/**
 * /account/External: where a provider's sign-in lands when it did not sign in at once. With `?error=` it explains
 * what went wrong; else it is a first sign-in, which creates an account or links one proven by its password.
 */
export default function ExternalPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  return error ? <FailurePage reason={error} /> : <FirstSignIn />;
}

/** The provider's sign-in ended without an account: why, and the way back to the sign-in page. */
function Failure({ heading, message }: { heading?: string; message: string }) {
  const { t } = useTranslation();
  return (
    <OutcomeCard
      title={t('account.external.failed_title')}
      color="red"
      icon={IconAlertCircle}
      heading={heading}
      message={message}
    >
      <Button component={Link} to="/account/Login" fullWidth>
        {t('account.external.back')}
      </Button>
    </OutcomeCard>
  );
}

function FailurePage({ reason }: { reason: string }) {
  const { t } = useTranslation();
  return <Failure message={t(failureKey(reason))} />;
}

function FirstSignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh } = useUser();
  const { data, error } = useSWR('/api/signin/external', () => client.signIn.external(), ONCE);
  const [pending, setPending] = useState<PendingStep | null>(null);

  const advance = async (result: SignInResult) => {
    const next = pendingOf(result);
    setPending(next);
    if (next) return;
    await refresh();
    navigate('/', { replace: true });
  };

  if (error) return <Failure heading={errorTitle(error, t)} message={t('account.external.ended')} />;
  if (!data) return <SessionLoader />;
  if (pending)
    return <SignInStep step={pending} onResult={advance} onCancel={() => navigate('/account/Login')} />;

  return (
    <Stack gap="lg">
      {data.canRegister && <RegisterForm pending={data} onResult={advance} />}
      <LinkForm pending={data} onResult={advance} />
    </Stack>
  );
}

interface FormProps {
  pending: ExternalSignIn;
  onResult: (result: SignInResult) => Promise<void>;
}

function RegisterForm({ pending, onResult }: FormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const { fields } = useRegistrationFields();
  const extra = useFieldValues();
  const form = useForm({
    initialValues: { userName: pending.proposedUserName },
    validate: { userName: userNameRule(t) },
  });
  const submit = form.onSubmit(async ({ userName }) => {
    setFailure(null);
    if (!extra.complete(fields ?? [])) return;
    try {
      await onResult(
        await client.signIn.externalRegister({
          userName,
          // As at a password registration: sent only when the admin defined fields.
          ...(fields?.length ? { fields: extra.values } : {}),
        }),
      );
    } catch (err) {
      setFailure(err);
    }
  });
  return (
    <AccountForm
      title={t('account.external.register_title', { provider: pending.provider.name })}
      subtitle={
        pending.email
          ? t('account.external.register_subtitle_email', { email: pending.email })
          : t('account.external.register_subtitle')
      }
      onSubmit={submit}
      failure={failure}
      failedKey="account.register.failed"
    >
      <UserNameInput {...form.getInputProps('userName')} />
      {fields && (
        <RegistrationFieldInputs
          fields={fields}
          values={extra.values}
          errors={extra.errors}
          onChange={extra.set}
        />
      )}
      <Button type="submit" fullWidth loading={form.submitting}>
        {t('account.register.submit')}
      </Button>
    </AccountForm>
  );
}

function LinkForm({ pending, onResult }: FormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({
    initialValues: { userName: pending.existingAccount ? (pending.email ?? '') : '', password: '' },
    validate: {
      userName: (value) => (value.trim() ? null : t('account.validation.user_or_email_required')),
      password: (value) => (value ? null : t('account.validation.password_required')),
    },
  });
  const submit = form.onSubmit(async ({ userName, password }) => {
    setFailure(null);
    try {
      await onResult(await client.signIn.externalLink({ userName: userName.trim(), password }));
    } catch (err) {
      setFailure(err);
      form.setFieldValue('password', '');
    }
  });
  return (
    <AccountForm
      title={t('account.external.link_title')}
      subtitle={
        pending.existingAccount
          ? t('account.external.link_subtitle_existing', { provider: pending.provider.name })
          : t('account.external.link_subtitle', { provider: pending.provider.name })
      }
      onSubmit={submit}
      failure={failure}
      failedKey="account.login.failed"
    >
      <TextInput
        label={t('account.field.user_or_email')}
        {...accountNameProps}
        required
        {...form.getInputProps('userName')}
      />
      <PasswordInput
        label={t('account.field.password')}
        autoComplete="current-password"
        required
        {...form.getInputProps('password')}
      />
      <Button
        type="submit"
        fullWidth
        variant={pending.canRegister ? 'default' : 'filled'}
        loading={form.submitting}
      >
        {t('account.external.link_submit')}
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        {t('account.external.link_hint')}
      </Text>
    </AccountForm>
  );
}
