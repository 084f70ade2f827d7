import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { client } from '../../../api/client.ts';
import { AccountCard, AccountForm } from '../../../components/AccountCard/index.ts';
import { IncompleteLink, linkParams } from '../../../components/AccountLink/index.ts';
import { newPasswordRules, PasswordFields } from '../../../components/PasswordFields/index.ts';
import { OutcomeCard } from '../lib/OutcomeCard.tsx';

/** /account/Reset?token=…&email=…: choose a new password with the mailed reset link. */
export default function ResetPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const link = linkParams(search);
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const rules = newPasswordRules(t, 'password');
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: rules.strong,
      confirm: rules.confirmed,
    },
  });

  const submit = form.onSubmit(async ({ password }) => {
    if (!link) return;
    setFailure(null);
    try {
      await client.account.resetPassword({ password, email: link.email, rToken: link.token });
      setDone(true);
    } catch (err) {
      setFailure(err);
    }
  });

  if (!link) {
    return (
      <AccountCard title={t('page.account.reset')}>
        <IncompleteLink retryTo="/account/Recovery" retryLabel={t('account.reset.request_new')} />
      </AccountCard>
    );
  }

  if (done) {
    return (
      <OutcomeCard
        title={t('page.account.reset')}
        color="teal"
        icon={IconCircleCheck}
        heading={t('account.reset.done_title')}
        message={t('account.reset.done_message')}
      >
        <Button component={Link} to="/account/Login" fullWidth>
          {t('account.login.submit')}
        </Button>
      </OutcomeCard>
    );
  }

  return (
    <AccountForm
      title={t('page.account.reset')}
      subtitle={t('account.reset.subtitle')}
      onSubmit={submit}
      failure={failure}
      failedKey="account.reset.failed"
    >
      <PasswordFields
        form={form}
        password="password"
        confirm="confirm"
        label={t('account.field.new_password')}
      />
      <Button type="submit" fullWidth loading={form.submitting}>
        {t('account.reset.submit')}
      </Button>
    </AccountForm>
  );
}
