import { Anchor, Button, Text } from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { client } from '../../../api/client.ts';
import { AccountForm } from '../../../components/AccountCard/index.ts';
import { EmailInput } from '../../../components/AccountFields/index.ts';
import { Captcha, useCaptcha } from '../../../components/Captcha/index.ts';
import { OutcomeCard } from '../lib/OutcomeCard.tsx';

/** /account/Recovery: ask for a password-reset link by e-mail. */
export default function RecoveryPage() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const captcha = useCaptcha();
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: isEmail(t('account.validation.email_invalid')) },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await client.account.recover({ email: email.trim(), challenge: await captcha.answer() });
      setSentTo(email.trim());
    } catch (err) {
      setFailure(err);
      captcha.renew();
    }
  });

  const backToLogin = (
    <Text size="sm" ta="center" c="dimmed">
      <Anchor component={Link} to="/account/Login" fw={500}>
        {t('account.recovery.back_to_login')}
      </Anchor>
    </Text>
  );

  if (sentTo !== null) {
    return (
      <OutcomeCard
        title={t('page.account.recovery')}
        color="teal"
        icon={IconMailForward}
        heading={t('account.recovery.sent_title')}
        message={t('account.recovery.sent_message', { email: sentTo })}
      >
        {backToLogin}
      </OutcomeCard>
    );
  }

  return (
    <AccountForm
      title={t('page.account.recovery')}
      subtitle={t('account.recovery.subtitle')}
      onSubmit={submit}
      failure={failure}
      failedKey="account.recovery.failed"
    >
      <EmailInput data-autofocus {...form.getInputProps('email')} />
      <Captcha captcha={captcha} />
      <Button type="submit" fullWidth loading={form.submitting}>
        {t('account.recovery.submit')}
      </Button>
      {backToLogin}
    </AccountForm>
  );
}
