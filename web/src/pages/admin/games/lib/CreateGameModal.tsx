import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { client } from '../../../../api/client.ts';
import { FormActions } from '../../../../components/FormActions/index.ts';
import { notifyError, notifySuccess } from '../../../../utils/notify.ts';
import { DateTimeField } from './DateTimeField.tsx';

const HOUR = 3_600_000;

/** Next full hour, and two days later: a window that only needs a title to be a valid game. */
const defaultWindow = () => {
  const start = Math.ceil(Date.now() / HOUR) * HOUR;
  return { start, end: start + 48 * HOUR };
};

/** Creates a game from its title and time window, then opens its Info page for the rest. */
export function CreateGameModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { title: '', ...defaultWindow() },
    validate: {
      title: (value) => (value.trim() ? null : t('admin.game.form.title_required')),
      end: (value, values) => (value <= values.start ? t('admin.game.form.end_before_start') : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const game = await client.edit.createGame({ ...values, title: values.title.trim() });
      notifySuccess(t('admin.game.create.done', { title: game.title }));
      navigate(`/admin/games/${game.id}/Info`);
    } catch (err) {
      notifyError(err, t, t('admin.game.create.failed'));
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('admin.game.create.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('admin.game.form.title')}
            required
            data-autofocus
            {...form.getInputProps('title')}
          />
          <DateTimeField label={t('admin.game.form.start')} required {...form.getInputProps('start')} />
          <DateTimeField label={t('admin.game.form.end')} required {...form.getInputProps('end')} />
          <FormActions
            submitLabel={t('admin.game.create.submit')}
            onCancel={onClose}
            busy={form.submitting}
          />
        </Stack>
      </form>
    </Modal>
  );
}
