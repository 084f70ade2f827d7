import { Avatar, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { WriteupInfo } from '@pennon/sdk';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../../../api/client.ts';
import { LoadError } from '../../../../../components/LoadError/index.ts';
import { RelativeTime } from '../../../../../components/RelativeTime/index.ts';
import { initialsOf } from '../../../../../components/UserMenu/initials.ts';
import { downloadWithNotice } from '../../../../../utils/download.ts';
import { GameAdminPage } from '../../lib/GameAdminPage.tsx';
import { assetOf } from './assetPath.ts';

/** /admin/games/{id}/Writeups: the teams' submitted writeups, one at a time or all together. */
export default function AdminGameWriteupsPage() {
  const { t } = useTranslation();
  return (
    <GameAdminPage title={t('page.admin.game.writeups')}>
      {(gameId) => <Writeups gameId={gameId} />}
    </GameAdminPage>
  );
}

function Writeups({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useSWR(['/api/admin/writeups', gameId], () =>
    client.admin.writeups(gameId),
  );

  const downloadOne = (writeup: WriteupInfo) => {
    const asset = assetOf(writeup.url);
    if (!asset) return;
    void downloadWithNotice(() => client.assets.download(asset.hash, asset.fileName), asset.fileName, t);
  };
  const downloadAll = () =>
    void downloadWithNotice(() => client.admin.downloadWriteups(gameId), `writeups-${gameId}.tar.gz`, t);

  if (!data && error)
    return <LoadError error={error} retry={mutate} title="admin.game.writeup.load_failed" />;
  if (!data) return <Skeleton height={160} radius="md" />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('admin.game.writeup.count', { count: data.writeups.length })}
        </Text>
        <Button
          leftSection={<IconFileZip size={16} />}
          onClick={downloadAll}
          disabled={data.writeups.length === 0}
        >
          {t('admin.game.writeup.download_all')}
        </Button>
      </Group>
      {data.writeups.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {t('admin.game.writeup.none')}
        </Text>
      ) : (
        data.writeups.map((writeup) => {
          const name = writeup.team.name ?? `#${writeup.team.id}`;
          const division =
            writeup.divisionId === null ? undefined : data.divisions[String(writeup.divisionId)];
          return (
            <Card key={writeup.id} withBorder radius="md" padding="sm" data-testid="writeup">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <Avatar src={writeup.team.avatar} alt="" radius="xl">
                    {initialsOf(name)}
                  </Avatar>
                  <Stack gap={2} miw={0}>
                    <Group gap="xs">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {name}
                      </Text>
                      {division && (
                        <Badge size="sm" variant="light">
                          {division}
                        </Badge>
                      )}
                    </Group>
                    <RelativeTime time={writeup.uploadTimeUtc} size="xs" c="dimmed" />
                  </Stack>
                </Group>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconDownload size={14} />}
                  aria-label={`${t('admin.game.writeup.download')} ${name}`}
                  onClick={() => downloadOne(writeup)}
                >
                  {t('admin.game.writeup.download')}
                </Button>
              </Group>
            </Card>
          );
        })
      )}
    </Stack>
  );
}
