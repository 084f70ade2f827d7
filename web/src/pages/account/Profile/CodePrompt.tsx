import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

export interface CodePromptProps {
  /** The button that sends the code. */
  submitLabel: string;
  /** Red when what it does weakens the account. */
  danger?: boolean;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}

/** Asks for an authenticator code (or a recovery code) before a change to the second factor. */
export function CodePrompt({ submitLabel, danger, onSubmit, onCancel }: CodePromptProps) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (value.trim() ? null : t('account.signin.code_required')) },
  });
  const submit = form.onSubmit(async ({ code }) => {
    await onSubmit(code.trim()).catch(() => form.setFieldValue('code', ''));
  });
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="xs">
        <TextInput
          label={t('account.security.code_prompt')}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.button.cancel')}
          </Button>
          <Button type="submit" color={danger ? 'red' : undefined} loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
