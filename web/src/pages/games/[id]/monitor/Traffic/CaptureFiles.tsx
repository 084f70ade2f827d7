import {
  ActionIcon,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { FileRecord } from '@pennon/sdk';
import { IconDownload, IconFileOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../../../api/client.ts';
import { LoadError } from '../../../../../components/LoadError/index.ts';
import { RelativeTime } from '../../../../../components/RelativeTime/index.ts';
import { StatePanel } from '../../../../../components/StatePanel/index.ts';
import { downloadWithNotice } from '../../../../../utils/download.ts';
import { notifyError, notifySuccess } from '../../../../../utils/notify.ts';
import { formatBytes } from '../../Challenges/ChallengeModal.tsx';
import classes from '../lib/Monitor.module.css';

/**
 * One team's capture files for one challenge (.pcap.gz): size, last write, download or delete one or all.
 * `changed` runs after a deletion (the counts in the other columns change); `emptied` after deleting all.
 */
export function CaptureFiles(props: {
  challengeId: number;
  partId: number;
  teamName: string;
  changed: () => unknown;
  emptied: () => unknown;
}) {
  const { t } = useTranslation();
  const { challengeId, partId } = props;
  const files = useSWR(['/api/game/captures', challengeId, partId], () =>
    client.game.captureFiles(challengeId, partId),
  );

  const confirmDelete = (message: string, remove: () => Promise<void>, after: () => unknown) =>
    modals.openConfirmModal({
      title: t('monitor.traffic.delete.title'),
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {message}
        </Text>
      ),
      labels: { confirm: t('monitor.traffic.delete.confirm'), cancel: t('common.button.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove();
          notifySuccess(t('monitor.traffic.delete.done'));
          await after();
        } catch (err) {
          notifyError(err, t, t('monitor.traffic.delete.failed'));
        }
        await Promise.all([files.mutate(), props.changed()]);
      },
    });

  const download = (file: FileRecord) =>
    void downloadWithNotice(
      () => client.game.captureFile(challengeId, partId, file.fileName),
      file.fileName,
      t,
    );
  const downloadAll = () =>
    void downloadWithNotice(
      () => client.game.downloadCaptures(challengeId, partId),
      `capture-${challengeId}-${partId}.tar.gz`,
      t,
    );
  const remove = (file: FileRecord) =>
    confirmDelete(
      t('monitor.traffic.delete.one', { file: file.fileName }),
      () => client.game.deleteCaptureFile(challengeId, partId, file.fileName),
      () => undefined,
    );
  const removeAll = () =>
    confirmDelete(
      t('monitor.traffic.delete.all', { team: props.teamName }),
      () => client.game.deleteCaptures(challengeId, partId),
      props.emptied,
    );

  if (!files.data && files.error) {
    return <LoadError error={files.error} retry={() => files.mutate()} title="monitor.traffic.load_failed" />;
  }
  if (!files.data) return <Skeleton height={120} aria-busy />;
  if (files.data.length === 0) {
    return (
      <StatePanel
        icon={IconFileOff}
        color="gray"
        title={t('monitor.traffic.no_files.title')}
        message={t('monitor.traffic.no_files.message')}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={downloadAll}>
          {t('monitor.traffic.download_all')}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={removeAll}
        >
          {t('monitor.traffic.delete_all')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="xs" highlightOnHover data-testid="capture-files">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('monitor.traffic.file')}</Table.Th>
              <Table.Th ta="right">{t('monitor.traffic.size')}</Table.Th>
              <Table.Th>{t('monitor.traffic.updated')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('monitor.traffic.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.data.map((file) => (
              <Table.Tr key={file.fileName}>
                <Table.Td>
                  <Text size="sm" className={classes.answer}>
                    {file.fileName}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" className={classes.nowrap}>
                  <Text size="sm">{formatBytes(file.size)}</Text>
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <RelativeTime time={file.updateTime} size="sm" />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label={t('monitor.traffic.download')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('monitor.traffic.download_file', { file: file.fileName })}
                        onClick={() => download(file)}
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('monitor.traffic.delete.confirm')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('monitor.traffic.delete_file', { file: file.fileName })}
                        onClick={() => remove(file)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
