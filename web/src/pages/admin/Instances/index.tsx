import { Code, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { ContainerInstanceModel } from '@pennon/sdk';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { LoadError } from '../../../components/LoadError/index.ts';
import { RelativeTime } from '../../../components/RelativeTime/index.ts';
import { AdminPage } from '../lib/AdminNav.tsx';
import { AdminTable } from '../lib/AdminTable.tsx';
import { confirmAction } from '../lib/confirmAction.tsx';
import { RowAction, RowActions } from '../lib/RowParts.tsx';
import { Countdown } from './Countdown.tsx';

/** /admin/Instances */
export default function AdminInstancesPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('page.admin.instances')}>
      <InstanceList />
    </AdminPage>
  );
}

/** The distinct options of a filter, by label. */
const optionsOf = (pairs: { value: string; label: string }[]) =>
  [...new Map(pairs.map((pair) => [pair.value, pair])).values()].sort((a, b) =>
    a.label.localeCompare(b.label),
  );

function InstanceList() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR('/api/admin/instances', () => client.admin.instances(), {
    // Containers come and go on their own (expiry, players): keep the list fresh while it is open.
    refreshInterval: 30_000,
  });
  const [team, setTeam] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const instances = data?.data ?? [];
  const shown = instances.filter(
    (instance) =>
      (!team || String(instance.team?.id) === team) &&
      (!challenge || String(instance.challenge?.id) === challenge),
  );

  const destroy = (instance: ContainerInstanceModel) =>
    confirmAction(t, {
      title: t('admin.instances.destroy.title'),
      message: t('admin.instances.destroy.message', {
        challenge: instance.challenge?.title ?? instance.image,
        team: instance.team?.name ?? '—',
      }),
      label: t('admin.instances.destroy.submit'),
      run: () => client.admin.deleteInstance(instance.containerGuid),
      done: t('admin.instances.destroy.done'),
      failed: t('admin.instances.destroy.failed'),
      after: () => mutate(),
    });

  if (error && !data)
    return <LoadError error={error} retry={() => mutate()} title="admin.instances.load_failed" />;

  return (
    <>
      <Group gap="sm" align="flex-end">
        <Select
          label={t('admin.instances.filter.team')}
          placeholder={t('admin.instances.filter.any')}
          data={optionsOf(
            instances.flatMap((i) => (i.team ? [{ value: String(i.team.id), label: i.team.name }] : [])),
          )}
          value={team}
          onChange={setTeam}
          searchable
          clearable
          w={220}
        />
        <Select
          label={t('admin.instances.filter.challenge')}
          placeholder={t('admin.instances.filter.any')}
          data={optionsOf(
            instances.flatMap((i) =>
              i.challenge ? [{ value: String(i.challenge.id), label: i.challenge.title }] : [],
            ),
          )}
          value={challenge}
          onChange={setChallenge}
          searchable
          clearable
          w={220}
        />
      </Group>
      <AdminTable
        loading={isLoading}
        empty={
          shown.length === 0 ? t(instances.length ? 'admin.list.no_match' : 'admin.instances.empty') : null
        }
        columns={[
          t('admin.instances.column.team'),
          t('admin.instances.column.challenge'),
          t('admin.instances.column.image'),
          t('admin.instances.column.address'),
          t('admin.instances.column.expires'),
          t('admin.list.actions'),
        ]}
        minWidth={860}
      >
        {shown.map((instance) => (
          <Table.Tr key={instance.containerGuid}>
            <Table.Td>
              <Text size="sm">{instance.team?.name ?? '—'}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{instance.challenge?.title ?? '—'}</Text>
              {instance.challenge && (
                <Text size="xs" c="dimmed">
                  {instance.challenge.category}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Stack gap={0}>
                <Code>{instance.image}</Code>
                <Text size="xs" c="dimmed" ff="monospace" title={instance.containerId}>
                  {instance.containerId.slice(0, 12)}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td>
              <Code>{`${instance.ip}:${instance.port}`}</Code>
            </Table.Td>
            <Table.Td>
              <Countdown until={instance.expectStopAt} size="sm" />
              <Group gap={4}>
                <Text size="xs" c="dimmed">
                  {t('admin.instances.started')}
                </Text>
                <RelativeTime time={instance.startedAt} size="xs" c="dimmed" />
              </Group>
            </Table.Td>
            <RowActions>
              <RowAction
                icon={IconTrash}
                color="red"
                tip={t('admin.instances.destroy.action')}
                label={t('admin.instances.destroy.label', {
                  challenge: instance.challenge?.title ?? instance.image,
                  team: instance.team?.name ?? '—',
                })}
                onClick={() => destroy(instance)}
              />
            </RowActions>
          </Table.Tr>
        ))}
      </AdminTable>
    </>
  );
}
