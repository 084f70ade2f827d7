import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  FileButton,
  Group,
  Image,
  Pagination,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { GameInfoModel } from '@pennon/sdk';
import {
  IconDownload,
  IconEye,
  IconEyeOff,
  IconFlag3,
  IconListDetails,
  IconPlus,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { ConfirmSubject } from '../../../components/ConfirmSubject/index.ts';
import { LoadError } from '../../../components/LoadError/index.ts';
import { downloadWithNotice } from '../../../utils/download.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';
import { GameTimeRange } from '../../games/lib/GameStatus.tsx';
import { AdminPage } from '../lib/AdminNav.tsx';
import { CreateGameModal } from './lib/CreateGameModal.tsx';
import { publishGame } from './lib/publishGame.ts';

/** Games a page (the count the reference client asks for). */
const PAGE_SIZE = 30;

/** /admin/games: every game, hidden ones too, newest first; creating, importing, exporting and deleting games. */
export default function AdminGamesPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('page.admin.games')}>
      <GameList />
    </AdminPage>
  );
}

function GameList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const navigate = useNavigate();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, error, mutate } = useSWR(
    ['/api/edit/games', 'page', page],
    () => client.edit.games({ count: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE }),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  const remove = (game: GameInfoModel) =>
    modals.openConfirmModal({
      title: t('admin.game.delete.title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('admin.game.delete.message', { title: game.title })}</Text>
          <ConfirmSubject id={game.id} time={[game.start, game.end]} />
        </Stack>
      ),
      labels: { confirm: t('admin.game.delete.confirm'), cancel: t('common.button.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await client.edit.deleteGame(game.id);
          notifySuccess(t('admin.game.delete.done', { title: game.title }));
          await mutate();
        } catch (err) {
          notifyError(err, t, t('admin.game.delete.failed'));
        }
      },
    });

  const [publishing, setPublishing] = useState<number>();
  const publish = async (game: GameInfoModel) => {
    setPublishing(game.id);
    try {
      await publishGame(game.id);
      notifySuccess(t('admin.game.publish.done', { title: game.title }));
      await mutate();
    } catch (err) {
      notifyError(err, t, t('admin.game.publish.failed'));
    } finally {
      setPublishing(undefined);
    }
  };

  /** A package made by export (here or on another server) becomes a new game, opened once made. */
  const importPackage = async (file: File | null) => {
    if (!file) return;
    setImporting(true);
    try {
      const id = await client.edit.importGame(file);
      notifySuccess(t('admin.game.import.done'));
      navigate(`/admin/games/${id}/Info`);
    } catch (err) {
      notifyError(err, t, t('admin.game.import.failed'));
    } finally {
      setImporting(false);
    }
  };

  let content: React.ReactNode;
  if (!data && error) {
    content = <LoadError error={error} retry={mutate} title="admin.game.list_failed" />;
  } else if (!data) {
    content = (
      <Stack aria-busy>
        <Skeleton height={90} radius="md" />
        <Skeleton height={90} radius="md" />
      </Stack>
    );
  } else if (data.data.length === 0) {
    content = (
      <Text c="dimmed" ta="center" py="xl">
        {t('admin.game.empty')}
      </Text>
    );
  } else {
    content = (
      <Stack gap="sm">
        {data.data.map((game) => (
          <Card
            key={game.id}
            withBorder
            radius="md"
            padding="sm"
            component="article"
            data-testid="admin-game"
          >
            <Group gap="md" wrap="nowrap" align="center">
              <Center
                w={96}
                h={54}
                visibleFrom="xs"
                style={{ flexShrink: 0, overflow: 'hidden', borderRadius: 4 }}
              >
                {game.poster ? (
                  <Image src={game.poster} alt="" w={96} h={54} fit="cover" />
                ) : (
                  <IconFlag3 size={28} stroke={1.2} aria-hidden />
                )}
              </Center>
              <Stack gap={4} miw={0} style={{ flex: 1 }}>
                <Group gap="xs">
                  <Text
                    component={Link}
                    to={`/admin/games/${game.id}/Info`}
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {game.title}
                  </Text>
                  {game.hidden && (
                    <Tooltip label={t('admin.game.hidden_tip')}>
                      <Badge color="orange" variant="light" leftSection={<IconEyeOff size={12} />}>
                        {t('admin.game.hidden')}
                      </Badge>
                    </Tooltip>
                  )}
                </Group>
                <GameTimeRange start={game.start} end={game.end} />
              </Stack>
              <Group gap={4} wrap="nowrap">
                {game.hidden && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconEye size={14} />}
                    loading={publishing === game.id}
                    aria-label={t('admin.game.publish.named', { title: game.title })}
                    onClick={() => void publish(game)}
                  >
                    {t('admin.game.publish.button')}
                  </Button>
                )}
                <Tooltip label={t('page.admin.game.challenges')}>
                  <ActionIcon
                    component={Link}
                    to={`/admin/games/${game.id}/challenges`}
                    variant="subtle"
                    aria-label={`${t('page.admin.game.challenges')}: ${game.title}`}
                  >
                    <IconListDetails size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('admin.game.export.label')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('admin.game.export.named', { title: game.title })}
                    onClick={() =>
                      void downloadWithNotice(() => client.edit.exportGame(game.id), `${game.title}.zip`, t)
                    }
                  >
                    <IconDownload size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('admin.game.delete.confirm')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('admin.game.delete.named', { title: game.title })}
                    onClick={() => remove(game)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Card>
        ))}
        {pages > 1 && (
          <Center>
            <Pagination total={pages} value={page} onChange={(next) => setParams({ page: String(next) })} />
          </Center>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <FileButton onChange={(file) => void importPackage(file)} accept=".zip,application/zip">
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={importing}>
              {t('admin.game.import.button')}
            </Button>
          )}
        </FileButton>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('admin.game.create.button')}
        </Button>
      </Group>
      {content}
      <CreateGameModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
