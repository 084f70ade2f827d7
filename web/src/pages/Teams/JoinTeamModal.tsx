import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.ts';
import { FormActions } from '../../components/FormActions/index.ts';
import { notifyError, notifySuccess } from '../../utils/notify.ts';
import { isInviteCode } from './invite.ts';

export interface JoinTeamModalProps {
  opened: boolean;
  onClose: () => void;
  /** The code to start with (from an invite link). */
  initialCode?: string;
  onJoined: () => unknown;
}

/** Joins a team with the invite code its captain handed out. */
export function JoinTeamModal({ opened, onClose, initialCode, onJoined }: JoinTeamModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('team.join.title')} centered>
      {opened && <JoinForm initialCode={initialCode} onClose={onClose} onJoined={onJoined} />}
    </Modal>
  );
}

function JoinForm({ initialCode, onClose, onJoined }: Omit<JoinTeamModalProps, 'opened'>) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { code: initialCode ?? '' },
    validate: {
      code: (value) =>
        !value.trim()
          ? t('team.validation.code_required')
          : isInviteCode(value)
            ? null
            : t('team.validation.code_invalid'),
    },
  });

  const submit = form.onSubmit(async ({ code }) => {
    try {
      await client.team.accept(code.trim());
      notifySuccess(t('team.join.done'));
      await onJoined();
      onClose();
    } catch (err) {
      notifyError(err, t, t('team.join.failed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('team.join.code')}
          description={t('team.join.code_hint')}
          placeholder="Team:1:0123456789abcdef…"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          data-autofocus
          {...form.getInputProps('code')}
        />
        <FormActions submitLabel={t('team.join.submit')} onCancel={onClose} busy={form.submitting} />
      </Stack>
    </form>
  );
}
