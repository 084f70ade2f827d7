import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TEAM_NAME_MAX, type TeamInfoModel } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.ts';
import { FormActions } from '../../components/FormActions/index.ts';
import { notifyError, notifySuccess } from '../../utils/notify.ts';
import { TEAM_BIO_MAX } from './invite.ts';
import { teamValidation } from './teamValidation.ts';

interface TeamValues {
  name: string;
  bio: string;
}

export interface TeamFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The team to edit; none creates a new one. */
  team?: TeamInfoModel;
  /** Called after a successful save, to refresh the list. */
  onSaved: () => unknown;
}

/** Creates a team, or edits one's name and bio (captain only). */
export function TeamFormModal({ opened, onClose, team, onSaved }: TeamFormModalProps) {
  const { t } = useTranslation();
  const editing = team !== undefined;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(editing ? 'team.edit.title' : 'team.create.title')}
      centered
    >
      {/* Mounted only while open, so each opening starts from the team's current values. */}
      {opened && <TeamForm team={team} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function TeamForm({ team, onClose, onSaved }: Omit<TeamFormModalProps, 'opened'>) {
  const { t } = useTranslation();
  const form = useForm<TeamValues>({
    initialValues: { name: team?.name ?? '', bio: team?.bio ?? '' },
    validateInputOnBlur: true,
    validate: teamValidation(t),
  });

  const submit = form.onSubmit(async ({ name, bio }) => {
    const body = { name: name.trim(), bio: bio.trim() || null };
    try {
      if (team) {
        await client.team.update(team.id, body);
        notifySuccess(t('team.edit.done', { name: body.name }));
      } else {
        await client.team.create(body);
        notifySuccess(t('team.create.done', { name: body.name }));
      }
      await onSaved();
      onClose();
    } catch (err) {
      notifyError(err, t, t(team ? 'team.edit.failed' : 'team.create.failed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('team.field.name')}
          description={t('account.hint.bio', { length: form.values.name.length, max: TEAM_NAME_MAX })}
          maxLength={TEAM_NAME_MAX}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('team.field.bio')}
          description={t('account.hint.bio', { length: form.values.bio.length, max: TEAM_BIO_MAX })}
          autosize
          minRows={2}
          maxRows={4}
          maxLength={TEAM_BIO_MAX}
          {...form.getInputProps('bio')}
        />
        <FormActions
          submitLabel={t(team ? 'team.edit.submit' : 'team.create.submit')}
          onCancel={onClose}
          busy={form.submitting}
        />
      </Stack>
    </form>
  );
}
