import { Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TEAM_NAME_MAX, type TeamInfoModel } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { FormActions } from '../../../components/FormActions/index.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';
import { TEAM_BIO_MAX } from '../../Teams/invite.ts';
import { teamValidation } from '../../Teams/teamValidation.ts';

export interface TeamEditModalProps {
  /** The team to edit; null when closed. */
  team: TeamInfoModel | null;
  onClose: () => void;
  onSaved: () => unknown;
}

/** Changes any team's name, bio and lock (a locked team takes no new members and cannot be left). */
export function TeamEditModal({ team, onClose, onSaved }: TeamEditModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={team !== null}
      onClose={onClose}
      title={t('admin.teams.edit.title', { name: team?.name })}
      centered
    >
      {team && <TeamEditForm team={team} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function TeamEditForm({
  team,
  onClose,
  onSaved,
}: { team: TeamInfoModel } & Omit<TeamEditModalProps, 'team'>) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { name: team.name ?? '', bio: team.bio ?? '', locked: team.locked },
    validateInputOnBlur: true,
    validate: teamValidation(t),
  });

  const submit = form.onSubmit(async ({ name, bio, locked }) => {
    try {
      await client.admin.updateTeam(team.id, { name: name.trim(), bio: bio.trim(), locked });
      notifySuccess(t('admin.teams.edit.done', { name: name.trim() }));
      await onSaved();
      onClose();
    } catch (err) {
      notifyError(err, t, t('admin.teams.edit.failed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('team.field.name')}
          withAsterisk
          maxLength={TEAM_NAME_MAX}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('team.field.bio')}
          description={t('account.hint.bio', { length: form.values.bio.length, max: TEAM_BIO_MAX })}
          maxLength={TEAM_BIO_MAX}
          autosize
          minRows={2}
          {...form.getInputProps('bio')}
        />
        <Switch
          label={t('admin.teams.field.locked')}
          description={t('admin.teams.field.locked_hint')}
          {...form.getInputProps('locked', { type: 'checkbox' })}
        />
        <FormActions submitLabel={t('admin.teams.edit.submit')} onCancel={onClose} busy={form.submitting} />
      </Stack>
    </form>
  );
}
