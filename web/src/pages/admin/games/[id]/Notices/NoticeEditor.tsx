import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MarkdownField } from '../../lib/MarkdownField.tsx';

/** Writing a notice (Markdown with preview): publishing a new one or saving an edited one. */
export function NoticeEditor({
  initial = '',
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  submitLabel: string;
  /** Resolves once saved; the editor then empties (a new notice) or is closed by the caller. */
  onSubmit: (content: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { content: initial },
    validate: { content: (value) => (value.trim() ? null : t('admin.game.notice.empty_content')) },
  });
  const submit = form.onSubmit(async ({ content }) => {
    if (await onSubmit(content.trim())) form.reset();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <MarkdownField
          label={t('admin.game.notice.content')}
          minRows={4}
          {...form.getInputProps('content')}
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.button.cancel')}
            </Button>
          )}
          <Button type="submit" loading={form.submitting} leftSection={<IconSend size={16} />}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
