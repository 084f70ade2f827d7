import { Modal, Stack, Text, TextInput } from '@mantine/core';
import type { TeamInfoModel } from '@pennon/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.ts';
import { ConfirmSubject } from '../../components/ConfirmSubject/index.ts';
import { FormActions } from '../../components/FormActions/index.ts';
import { notifyError, notifySuccess } from '../../utils/notify.ts';

export interface DeleteTeamModalProps {
  team: TeamInfoModel;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => unknown;
}

/** Deletes a team once its name has been typed out. */
export function DeleteTeamModal({ team, opened, onClose, onDeleted }: DeleteTeamModalProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const name = team.name ?? '';
  const matches = typed === name;

  const close = () => {
    setTyped('');
    onClose();
  };

  const remove = async () => {
    if (!matches) return;
    setBusy(true);
    try {
      await client.team.delete(team.id);
      notifySuccess(t('team.delete.done', { name }));
      close();
      await onDeleted();
    } catch (err) {
      notifyError(err, t, t('team.delete.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('team.delete.title', { name })} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void remove();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{t('team.delete.message')}</Text>
          <ConfirmSubject id={team.id} />
          <TextInput
            label={t('team.delete.type_name', { name })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
          <FormActions
            submitLabel={t('team.delete.submit')}
            onCancel={close}
            busy={busy}
            color="red"
            disabled={!matches}
          />
        </Stack>
      </form>
    </Modal>
  );
}
