import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../api/client.ts';
import { FormActions } from '../../components/FormActions/index.ts';
import { notifyError, notifySuccess } from '../../utils/notify.ts';
import { inviteTeamId, isInviteCode } from './invite.ts';

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

  // A locked team plays a game that has not ended: say before joining that it cannot be left until then.
  const teamId = inviteTeamId(form.values.code);
  const { data: team } = useSWR(teamId ? ['/api/team', teamId] : null, () => client.team.get(teamId ?? 0), {
    shouldRetryOnError: false,
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
        {team?.locked && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconLock size={18} />}
            title={t('team.join.locked_title')}
          >
            {t('team.join.locked_message', { team: team.name })}
          </Alert>
        )}
        <FormActions submitLabel={t('team.join.submit')} onCancel={onClose} busy={form.submitting} />
      </Stack>
    </form>
  );
}
