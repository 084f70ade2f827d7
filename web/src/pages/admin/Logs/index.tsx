import { Badge, Group, Select, Table, Text } from '@mantine/core';
import { type LogLevelFilter, LogLevelFilterValues, type LogMessageModel } from '@pennon/sdk';
import { connectAdminLogs } from '@pennon/sdk/live';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { useLiveSubscription } from '../../../api/useLiveSubscription.ts';
import { LoadError } from '../../../components/LoadError/index.ts';
import { formatFull } from '../../../components/RelativeTime/relativeTime.ts';
import { AdminPage } from '../lib/AdminNav.tsx';
import { AdminTable } from '../lib/AdminTable.tsx';
import { ListPager } from '../lib/ListPager.tsx';
import { LEVEL_COLORS, LOG_PAGE_SIZE, matchesLevel, rowKeys, withLiveEntry } from './logs.ts';

/** /admin/Logs */
export default function AdminLogsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('page.admin.logs')}>
      <LogList />
    </AdminPage>
  );
}

function LogList() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [level, setLevel] = useState<LogLevelFilter>('All');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useSWR(
    ['/api/admin/logs', level, page],
    () => client.admin.logs({ level, count: LOG_PAGE_SIZE, skip: (page - 1) * LOG_PAGE_SIZE }),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  const live = useLiveSubscription(
    'admin-logs',
    {
      log: (entry: LogMessageModel) => {
        // New entries belong on top of the first page; other pages stay as they were read.
        if (page !== 1 || !matchesLevel(entry, level)) return;
        void mutate((rows) => withLiveEntry(rows ?? [], entry), { revalidate: false });
      },
    },
    (handlers) => connectAdminLogs(location.origin, handlers, { mode: 'auto' }),
  );
  const hasMore = data?.length === LOG_PAGE_SIZE;
  const keys = rowKeys(data ?? []);

  const filter = (value: string | null) => {
    setLevel((value ?? 'All') as LogLevelFilter);
    setPage(1);
  };

  return (
    <>
      <Group justify="space-between" gap="sm">
        <Select
          label={t('admin.logs.level.label')}
          data={LogLevelFilterValues.map((value) => ({
            value,
            label: t(`admin.logs.level.${value.toLowerCase()}`),
          }))}
          value={level}
          onChange={filter}
          allowDeselect={false}
          w={200}
        />
        {live && (
          <Badge
            variant="dot"
            color={live === 'connected' ? 'teal' : live === 'polling' ? 'yellow' : 'gray'}
            aria-live="polite"
            data-live-state={live}
          >
            {t(`admin.logs.live.${live}`)}
          </Badge>
        )}
      </Group>
      {error && !data ? (
        <LoadError error={error} retry={() => mutate()} title="admin.logs.load_failed" />
      ) : (
        <AdminTable
          loading={isLoading && !data}
          empty={data?.length === 0 ? t('admin.logs.empty') : null}
          columns={[
            t('admin.logs.column.time'),
            t('admin.logs.column.level'),
            t('admin.logs.column.user'),
            t('admin.logs.column.message'),
          ]}
        >
          {data?.map((entry: LogMessageModel, index) => (
            <Table.Tr key={keys[index]}>
              <Table.Td>
                <Text size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {formatFull(entry.time, locale)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={LEVEL_COLORS[entry.level ?? ''] ?? 'gray'}>
                  {t(`admin.logs.level.${(entry.level ?? 'Information').toLowerCase()}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{entry.name}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {entry.ip}
                </Text>
              </Table.Td>
              <Table.Td w="50%">
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {entry.msg}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      )}
      <ListPager page={page} pages={hasMore ? page + 1 : page} onChange={setPage} />
    </>
  );
}
