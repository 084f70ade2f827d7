import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Loader,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { errorMessage } from '@pennon/sdk';
import { IconCheck, IconCopy, IconEye, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../api/client.ts';
import { monospaceInput } from '../../theme';
import { errorTitle, notifyError, notifySuccess } from '../../utils/notify.ts';
import { inviteLink } from './invite.ts';

/** A read-only field with a copy button. */
function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      spellCheck={false}
      styles={monospaceInput}
      rightSection={
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={t(copied ? 'team.invite.copied' : 'team.invite.copy', { what: label })} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('team.invite.copy', { what: label })}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

/** The captain's invite code and link, fetched on demand, and a way to void them. */
export function InvitePanel({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const { data, error, mutate } = useSWR(
    shown ? ['/api/team/invite', teamId] : null,
    () => client.team.invite(teamId),
    { revalidateOnFocus: false },
  );

  if (!shown) {
    return (
      <Button variant="light" leftSection={<IconEye size={16} />} onClick={() => setShown(true)}>
        {t('team.invite.show')}
      </Button>
    );
  }

  const regenerate = () =>
    modals.openConfirmModal({
      title: t('team.invite.refresh_title'),
      children: t('team.invite.refresh_message'),
      labels: { confirm: t('team.invite.refresh'), cancel: t('common.button.cancel') },
      confirmProps: { color: 'orange' },
      onConfirm: async () => {
        try {
          await mutate(client.team.refreshInvite(teamId), { revalidate: false });
          notifySuccess(t('team.invite.refreshed'));
        } catch (err) {
          notifyError(err, t, t('team.invite.refresh_failed'));
        }
      },
    });

  if (error) {
    return (
      <Alert color="red" variant="light" title={errorTitle(error, t, 'team.invite.load_failed')} role="alert">
        {errorMessage(error, t)}
      </Alert>
    );
  }
  if (data === undefined) return <Loader size="sm" type="dots" aria-label={t('team.invite.loading')} />;

  return (
    <Stack gap="xs">
      <CopyField label={t('team.invite.code')} value={data} />
      <CopyField label={t('team.invite.link')} value={inviteLink(data)} />
      <Group justify="space-between" gap="xs">
        <Button variant="subtle" size="compact-sm" onClick={() => setShown(false)}>
          {t('team.invite.hide')}
        </Button>
        <Button
          variant="subtle"
          color="orange"
          size="compact-sm"
          leftSection={<IconRefresh size={14} />}
          onClick={regenerate}
        >
          {t('team.invite.refresh')}
        </Button>
      </Group>
    </Stack>
  );
}
