import { Alert, Anchor, Button, Text } from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import type { RegisterStatus } from '@pennon/sdk';
import { IconMailCheck, IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { client } from '../../../api/client.ts';
import { useUser } from '../../../api/useUser.ts';
import { AccountForm, SessionLoader } from '../../../components/AccountCard/index.ts';
import { EmailInput, UserNameInput } from '../../../components/AccountFields/index.ts';
import { Captcha, useCaptcha } from '../../../components/Captcha/index.ts';
import { newPasswordRules, PasswordFields } from '../../../components/PasswordFields/index.ts';
import {
  RegistrationFieldInputs,
  useFieldValues,
  useRegistrationFields,
} from '../../../components/RegistrationFields/index.ts';
import { notifySuccess } from '../../../utils/notify.ts';
import { safeRedirect } from '../../../utils/redirect.ts';
import { userNameRule } from '../../../utils/userFields.ts';
import { OutcomeCard } from '../lib/OutcomeCard.tsx';
import { ProviderButtons } from '../lib/ProviderButtons.tsx';
import { useSignInMethods } from '../lib/useSignInMethods.ts';

interface RegisterValues {
  userName: string;
  email: string;
  password: string;
  confirm: string;
}

/**
 * /account/Register: create an account with a password (unless an admin turned passwords off) or through a
 * provider; signed in at once, or told what activation it awaits.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { status, refresh } = useUser();
  const methods = useSignInMethods();
  const [failure, setFailure] = useState<unknown>(null);
  const [outcome, setOutcome] = useState<RegisterStatus | null>(null);
  const captcha = useCaptcha();
  const rules = newPasswordRules<RegisterValues>(t, 'password');
  const { fields } = useRegistrationFields();
  const extra = useFieldValues();

  const form = useForm<RegisterValues>({
    initialValues: { userName: '', email: '', password: '', confirm: '' },
    validateInputOnBlur: true,
    validate: {
      userName: userNameRule(t),
      email: isEmail(t('account.validation.email_invalid')),
      password: rules.strong,
      confirm: rules.confirmed,
    },
  });

  const submit = form.onSubmit(async ({ userName, email, password }) => {
    setFailure(null);
    if (!extra.complete(fields ?? [])) return;
    try {
      const { data } = await client.account.register({
        userName,
        email: email.trim(),
        password,
        challenge: await captcha.answer(),
        // Sent only when the admin defined fields: a platform without them sees GZ::CTF's request.
        ...(fields?.length ? { fields: extra.values } : {}),
      });
      setOutcome(data);
      if (data === 'LoggedIn') {
        await refresh();
        notifySuccess(t('account.register.welcome', { name: userName }));
        navigate('/', { replace: true });
      }
    } catch (err) {
      setFailure(err);
      captcha.renew();
    }
  });

  if (outcome === 'AdminConfirmationRequired' || outcome === 'EmailConfirmationRequired') {
    const byAdmin = outcome === 'AdminConfirmationRequired';
    return (
      <OutcomeCard
        title={t('page.account.register')}
        color={byAdmin ? 'yellow' : 'teal'}
        icon={byAdmin ? IconUserCheck : IconMailCheck}
        heading={t(byAdmin ? 'account.register.pending_admin.title' : 'account.register.pending_email.title')}
        message={
          byAdmin
            ? t('account.register.pending_admin.message')
            : t('account.register.pending_email.message', { email: form.getValues().email.trim() })
        }
      >
        <Button component={Link} to="/" variant="default" fullWidth>
          {t('account.register.back_home')}
        </Button>
      </OutcomeCard>
    );
  }

  if (outcome === null && status === 'signedIn') return <Navigate to="/" replace />;
  if (status === 'loading' || !methods || !fields) return <SessionLoader />;

  return (
    <AccountForm
      title={t('page.account.register')}
      subtitle={t('account.register.subtitle')}
      onSubmit={submit}
      failure={failure}
      failedKey="account.register.failed"
    >
      <ProviderButtons
        providers={methods.providers}
        from={safeRedirect(params.get('from'))}
        divided={methods.passwordRegistration}
      />
      {methods.passwordRegistration ? (
        <>
          <UserNameInput {...form.getInputProps('userName')} />
          <EmailInput {...form.getInputProps('email')} />
          <PasswordFields
            form={form}
            password="password"
            confirm="confirm"
            label={t('account.field.password')}
          />
          <RegistrationFieldInputs
            fields={fields}
            values={extra.values}
            errors={extra.errors}
            onChange={extra.set}
          />
          <Captcha captcha={captcha} />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('account.register.submit')}
          </Button>
        </>
      ) : (
        methods.providers.length === 0 && (
          <Alert role="status" color="yellow" variant="light">
            {t('account.register.closed')}
          </Alert>
        )
      )}
      <Text size="sm" ta="center" c="dimmed">
        {t('account.register.have_account')}{' '}
        <Anchor component={Link} to="/account/Login" fw={500}>
          {t('account.register.login_link')}
        </Anchor>
      </Text>
    </AccountForm>
  );
}
