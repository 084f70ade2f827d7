import { ActionIcon, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { GameNotice } from '@pennon/sdk';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../../../api/client.ts';
import { ConfirmSubject } from '../../../../../components/ConfirmSubject/index.ts';
import { LoadError } from '../../../../../components/LoadError/index.ts';
import { NoticeList } from '../../../../../components/NoticeList/index.ts';
import { notifyError, notifySuccess } from '../../../../../utils/notify.ts';
import { AdminCard } from '../../../lib/AdminCard.tsx';
import { GameAdminPage } from '../../lib/GameAdminPage.tsx';
import { NoticeEditor } from './NoticeEditor.tsx';
import { noticeFeed } from './noticeFeed.ts';

/** /admin/games/{id}/Notices: writing, changing and deleting the game's notices. */
export default function AdminGameNoticesPage() {
  const { t } = useTranslation();
  return (
    <GameAdminPage title={t('page.admin.game.notices')}>
      {(gameId) => <GameNotices gameId={gameId} />}
    </GameAdminPage>
  );
}

function GameNotices({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<GameNotice | null>(null);
  const editable = useSWR(['/api/edit/games', gameId, 'notices'], () => client.edit.notices(gameId), {
    revalidateOnFocus: false,
  });
  // System notices come from the players' list, which refuses before the start: then there are none.
  const system = useSWR(['/api/game', gameId, 'notices', 'admin'], () =>
    client.game.notices(gameId).catch((): GameNotice[] => []),
  );
  const refresh = () => Promise.all([editable.mutate(), system.mutate()]);

  const publish = async (content: string) => {
    try {
      await client.edit.createNotice(gameId, { content });
      notifySuccess(t('admin.game.notice.published'));
      await refresh();
      return true;
    } catch (err) {
      notifyError(err, t, t('admin.game.notice.save_failed'));
      return false;
    }
  };

  const save = async (notice: GameNotice, content: string) => {
    try {
      await client.edit.updateNotice(gameId, notice.id, { content });
      notifySuccess(t('admin.game.notice.saved'));
      setEditing(null);
      await refresh();
      return true;
    } catch (err) {
      notifyError(err, t, t('admin.game.notice.save_failed'));
      return false;
    }
  };

  const remove = (notice: GameNotice) =>
    modals.openConfirmModal({
      title: t('admin.game.notice.delete_title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('admin.game.notice.delete_message')}</Text>
          <Text size="sm" fs="italic" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {notice.values[0]}
          </Text>
          <ConfirmSubject id={notice.id} time={notice.time} />
        </Stack>
      ),
      labels: { confirm: t('admin.game.notice.delete'), cancel: t('common.button.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await client.edit.deleteNotice(gameId, notice.id);
          notifySuccess(t('admin.game.notice.deleted'));
          await refresh();
        } catch (err) {
          notifyError(err, t, t('admin.game.notice.delete_failed'));
        }
      },
    });

  let list: React.ReactNode;
  if (!editable.data && editable.error) {
    list = <LoadError error={editable.error} retry={refresh} title="admin.game.notice.load_failed" />;
  } else if (!editable.data || !system.data) {
    list = <Skeleton height={120} radius="md" />;
  } else {
    const notices = noticeFeed(editable.data, system.data);
    list =
      notices.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('admin.game.notice.none')}
        </Text>
      ) : (
        <NoticeList
          notices={notices}
          actions={(notice) =>
            notice.type === 'Normal' && (
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('admin.game.notice.edit')}
                  onClick={() => setEditing(notice)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('admin.game.notice.delete')}
                  onClick={() => remove(notice)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            )
          }
        />
      );
  }

  return (
    <Stack gap="md">
      <AdminCard title={t('admin.game.notice.new')}>
        <NoticeEditor submitLabel={t('admin.game.notice.publish')} onSubmit={publish} />
      </AdminCard>
      <AdminCard title={t('admin.game.notice.list')}>{list}</AdminCard>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('admin.game.notice.edit')}
        size="lg"
      >
        {editing && (
          <NoticeEditor
            initial={editing.values[0] ?? ''}
            submitLabel={t('admin.game.notice.save')}
            onSubmit={(content) => save(editing, content)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
