import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Divider,
  FileButton,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TeamInfoModel, TeamUserInfoModel } from '@pennon/sdk';
import {
  IconCrown,
  IconDoorExit,
  IconLock,
  IconPencil,
  IconPhotoUp,
  IconTrash,
  IconUserMinus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.ts';
import { Markdown } from '../../components/Markdown/index.tsx';
import { initialsOf } from '../../components/UserMenu/initials.ts';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from '../../utils/image.ts';
import { notifyError, notifySuccess } from '../../utils/notify.ts';
import { DeleteTeamModal } from './DeleteTeamModal.tsx';
import { InvitePanel } from './InvitePanel.tsx';
import { TeamFormModal } from './TeamFormModal.tsx';

export interface TeamCardProps {
  team: TeamInfoModel;
  /** The signed-in user's id. */
  me: string;
  /** Re-reads the team list after an action. */
  refresh: () => unknown;
}

/** One of the caller's teams: who is in it, and what the caller may do with it. */
export function TeamCard({ team, me, refresh }: TeamCardProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [uploading, setUploading] = useState(false);
  const members = [...(team.members ?? [])].sort((a, b) => Number(b.captain) - Number(a.captain));
  const isCaptain = members.some((member) => member.id === me && member.captain);
  const name = team.name ?? '';
  const titleId = `team-${team.id}-name`;

  /** Runs a confirmed action, then tells how it went and refreshes. */
  const confirm = (options: {
    title: string;
    message: string;
    label: string;
    color?: string;
    run: () => Promise<unknown>;
    done: string;
    failed: string;
  }) =>
    modals.openConfirmModal({
      title: options.title,
      children: <Text size="sm">{options.message}</Text>,
      labels: { confirm: options.label, cancel: t('common.button.cancel') },
      confirmProps: { color: options.color ?? 'red' },
      onConfirm: async () => {
        try {
          await options.run();
          notifySuccess(options.done);
        } catch (err) {
          notifyError(err, t, options.failed);
        }
        await refresh();
      },
    });

  const kick = (member: TeamUserInfoModel) =>
    confirm({
      title: t('team.kick.title'),
      message: t('team.kick.message', { name: member.userName, team: name }),
      label: t('team.kick.submit'),
      run: () => client.team.kick(team.id, member.id ?? ''),
      done: t('team.kick.done', { name: member.userName }),
      failed: t('team.kick.failed'),
    });

  const transfer = (member: TeamUserInfoModel) =>
    confirm({
      title: t('team.transfer.title'),
      message: t('team.transfer.message', { name: member.userName, team: name }),
      label: t('team.transfer.submit'),
      color: 'orange',
      run: () => client.team.transfer(team.id, { newCaptainId: member.id ?? '' }),
      done: t('team.transfer.done', { name: member.userName }),
      failed: t('team.transfer.failed'),
    });

  const leave = () =>
    confirm({
      title: t('team.leave.title', { name }),
      message: t('team.leave.message'),
      label: t('team.leave.submit'),
      run: () => client.team.leave(team.id),
      done: t('team.leave.done', { name }),
      failed: t('team.leave.failed'),
    });

  const uploadAvatar = async (file: File | null) => {
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      notifyError(new Error(t('team.avatar.too_large')), t, t('team.avatar.failed'));
      return;
    }
    setUploading(true);
    try {
      await client.team.updateAvatar(team.id, file);
      notifySuccess(t('team.avatar.done'));
      await refresh();
    } catch (err) {
      notifyError(err, t, t('team.avatar.failed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="md" h="100%">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={team.avatar} alt="" size={56} radius="md" color="initials" name={name}>
            {initialsOf(name)}
          </Avatar>
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Group gap={6}>
              {isCaptain && (
                <Badge variant="light" color="yellow" leftSection={<IconCrown size={12} />}>
                  {t('team.badge.captain')}
                </Badge>
              )}
              {team.locked && (
                <Tooltip label={t('team.badge.locked_hint')} withArrow multiline w={240}>
                  <Badge variant="light" color="red" leftSection={<IconLock size={12} />} tabIndex={0}>
                    {t('team.badge.locked')}
                  </Badge>
                </Tooltip>
              )}
            </Group>
          </Stack>
        </Group>
        {team.bio ? (
          <Markdown source={team.bio} fz="sm" c="dimmed" data-testid="team-bio" />
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('team.no_bio')}
          </Text>
        )}

        <Divider label={t('team.members', { count: members.length })} labelPosition="left" />
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('team.members', { count: members.length })}
        >
          {members.map((member) => (
            <Group component="li" key={member.id} gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Avatar
                  src={member.avatar}
                  alt=""
                  size="sm"
                  radius="xl"
                  color="initials"
                  name={member.userName ?? ''}
                >
                  {initialsOf(member.userName)}
                </Avatar>
                <Text size="sm" truncate data-testid="team-member">
                  {member.userName}
                </Text>
                {member.captain && (
                  <Tooltip label={t('team.badge.captain')} withArrow>
                    <IconCrown
                      size={16}
                      color="var(--mantine-color-yellow-5)"
                      aria-label={t('team.badge.captain')}
                      role="img"
                    />
                  </Tooltip>
                )}
                {member.id === me && (
                  <Badge size="xs" variant="outline" color="gray">
                    {t('team.you')}
                  </Badge>
                )}
              </Group>
              {isCaptain && !member.captain && (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('team.transfer.label', { name: member.userName })} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="orange"
                      onClick={() => transfer(member)}
                      aria-label={t('team.transfer.label', { name: member.userName })}
                    >
                      <IconCrown size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('team.kick.label', { name: member.userName })} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => kick(member)}
                      disabled={team.locked}
                      aria-label={t('team.kick.label', { name: member.userName })}
                    >
                      <IconUserMinus size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Group>
          ))}
        </Stack>

        {isCaptain && (
          <>
            <Divider label={t('team.invite.title')} labelPosition="left" />
            <InvitePanel teamId={team.id} />
          </>
        )}

        <Group gap="xs" mt="auto" pt="xs">
          {isCaptain ? (
            <>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPencil size={14} />}
                onClick={() => setEditing(true)}
              >
                {t('team.edit.button')}
              </Button>
              <FileButton onChange={uploadAvatar} accept={IMAGE_ACCEPT}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    size="xs"
                    loading={uploading}
                    leftSection={<IconPhotoUp size={14} />}
                  >
                    {t('team.avatar.change')}
                  </Button>
                )}
              </FileButton>
              <Button
                variant="light"
                color="red"
                size="xs"
                ml="auto"
                leftSection={<IconTrash size={14} />}
                onClick={() => setDeleting(true)}
                disabled={team.locked}
              >
                {t('team.delete.button')}
              </Button>
            </>
          ) : (
            <Button
              variant="light"
              color="red"
              size="xs"
              ml="auto"
              leftSection={<IconDoorExit size={14} />}
              onClick={leave}
              disabled={team.locked}
            >
              {t('team.leave.button')}
            </Button>
          )}
        </Group>
      </Stack>
      {isCaptain && (
        <>
          <TeamFormModal opened={editing} onClose={() => setEditing(false)} team={team} onSaved={refresh} />
          <DeleteTeamModal
            team={team}
            opened={deleting}
            onClose={() => setDeleting(false)}
            onDeleted={refresh}
          />
        </>
      )}
    </Card>
  );
}
