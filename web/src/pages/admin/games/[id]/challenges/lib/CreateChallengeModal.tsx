import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type ChallengeCategory,
  type ChallengeEditDetailModel,
  type ChallengeType,
  ChallengeTypeValues,
} from '@pennon/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../../../api/client.ts';
import { FormActions } from '../../../../../../components/FormActions/index.ts';
import { notifyError } from '../../../../../../utils/notify.ts';
import { CategorySelect } from './CategorySelect.tsx';

/** Title, category and type (fixed from then on) of a new challenge, which starts disabled. */
export function CreateChallengeModal({
  gameId,
  opened,
  onClose,
  onCreated,
}: {
  gameId: number;
  opened: boolean;
  onClose: () => void;
  onCreated: (challenge: ChallengeEditDetailModel) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: {
      title: '',
      category: 'Misc' as ChallengeCategory,
      type: 'StaticAttachment' as ChallengeType,
    },
    validate: { title: (title) => (title.trim() ? null : t('admin.challenge.create.title_required')) },
  });

  const submit = form.onSubmit(async ({ title, category, type }) => {
    setBusy(true);
    try {
      onCreated(await client.edit.createChallenge(gameId, { title: title.trim(), category, type }));
      form.reset();
    } catch (err) {
      notifyError(err, t, t('admin.challenge.create.failed'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('admin.challenge.create.heading')}
      centered
      closeButtonProps={{ 'aria-label': t('common.button.cancel') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('admin.challenge.field.title')}
            required
            data-autofocus
            {...form.getInputProps('title')}
          />
          <CategorySelect {...form.getInputProps('category')} />
          <Select
            label={t('admin.challenge.field.type')}
            description={t('admin.challenge.create.type_fixed')}
            data={ChallengeTypeValues.map((value) => ({ value, label: t(`admin.challenge.type.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          <FormActions submitLabel={t('admin.challenge.create.submit')} onCancel={onClose} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
