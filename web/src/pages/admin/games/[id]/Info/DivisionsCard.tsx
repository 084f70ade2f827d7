import { ActionIcon, Badge, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ChallengeInfoModel, Division } from '@pennon/sdk';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../../../api/client.ts';
import { ConfirmSubject } from '../../../../../components/ConfirmSubject/index.ts';
import { LoadError } from '../../../../../components/LoadError/index.ts';
import { notifyError, notifySuccess } from '../../../../../utils/notify.ts';
import { grantedFlags } from '../../lib/permissions.ts';
import { useDivisions } from '../../lib/useDivisions.ts';
import { DivisionForm } from './DivisionForm.tsx';

const NO_CHALLENGES: ChallengeInfoModel[] = [];

/** The game's divisions: what each may do, and adding, changing or deleting one. */
export function DivisionsCard({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { divisions, error, refresh } = useDivisions(gameId);
  const { data: challenges } = useSWR(['/api/edit/games', gameId, 'challenges'], () =>
    client.edit.challenges(gameId),
  );
  // undefined: closed; null: a new division.
  const [editing, setEditing] = useState<Division | null | undefined>(undefined);

  const remove = (division: Division) =>
    modals.openConfirmModal({
      title: t('admin.game.division.delete_title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('admin.game.division.delete_message', { name: division.name })}</Text>
          <ConfirmSubject id={division.id} />
        </Stack>
      ),
      labels: { confirm: t('admin.game.division.delete'), cancel: t('common.button.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await client.edit.deleteDivision(gameId, division.id);
          notifySuccess(t('admin.game.division.deleted'));
          await refresh();
        } catch (err) {
          notifyError(err, t, t('admin.game.division.delete_failed'));
        }
      },
    });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('admin.game.division.title')}
          </Title>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing(null)}
          >
            {t('admin.game.division.add')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('admin.game.division.hint')}
        </Text>
        {!divisions && error ? (
          <LoadError error={error} retry={refresh} title="admin.game.division.load_failed" />
        ) : !divisions ? (
          <Skeleton height={60} />
        ) : divisions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.game.division.empty')}
          </Text>
        ) : (
          divisions.map((division) => (
            <Card key={division.id} withBorder radius="sm" padding="sm" data-testid="division">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4} miw={0}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {division.name}
                  </Text>
                  {division.inviteCode && (
                    <Text size="xs" c="dimmed">
                      {t('admin.game.division.invite_code')}: <code>{division.inviteCode}</code>
                    </Text>
                  )}
                  <Group gap={4}>
                    {grantedFlags(division.defaultPermissions).map((flag) => (
                      <Badge key={flag} size="xs" variant="light">
                        {t(`admin.game.permission.${flag}`)}
                      </Badge>
                    ))}
                  </Group>
                  {division.challengeConfigs.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('admin.game.division.override_count', { count: division.challengeConfigs.length })}
                    </Text>
                  )}
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('admin.game.division.edit', { name: division.name })}
                    onClick={() => setEditing(division)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('admin.game.division.delete_named', { name: division.name })}
                    onClick={() => remove(division)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Card>
          ))
        )}
      </Stack>
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? t('admin.game.division.edit', { name: editing.name }) : t('admin.game.division.add')}
        size="lg"
      >
        {editing !== undefined && (
          <DivisionForm
            gameId={gameId}
            division={editing ?? undefined}
            challenges={challenges ?? NO_CHALLENGES}
            onDone={() => {
              setEditing(undefined);
              void refresh();
            }}
          />
        )}
      </Modal>
    </Card>
  );
}
