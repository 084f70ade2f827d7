import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import type { WebhookDelivery, WebhookEndpoint } from '@pennon/sdk';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { LoadError } from '../../../components/LoadError/index.ts';
import { RelativeTime } from '../../../components/RelativeTime/index.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';
import { AdminTable } from '../lib/AdminTable.tsx';
import { RowAction, RowActions } from '../lib/RowParts.tsx';

const stateColor = { pending: 'yellow', delivered: 'teal', failed: 'red' } as const;

/** An endpoint's latest deliveries (status, latency, the answer's start), with redeliver and a test event. */
export function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const list = useSWR(
    ['/api/admin/webhooks', endpoint.id, 'deliveries'],
    () => client.webhooks.deliveries(endpoint.id),
    // Deliveries go out in the background: follow them while the list is open.
    { refreshInterval: 5_000 },
  );
  const act = async (run: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await run();
      notifySuccess(done);
      await list.mutate();
    } catch (err) {
      notifyError(err, t, failed);
    }
  };
  const redeliver = (d: WebhookDelivery) =>
    act(
      () => client.webhooks.redeliver(endpoint.id, d.id),
      t('admin.webhooks.deliveries.redelivered'),
      t('admin.webhooks.deliveries.redeliver_failed'),
    );

  if (!list.data && list.error)
    return <LoadError error={list.error} retry={list.mutate} title="admin.webhooks.deliveries.load_failed" />;
  const rows = list.data ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Stack gap={2} miw={0}>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          <Text size="xs" c="dimmed">
            {t('admin.webhooks.secret')}: <Code data-testid="webhook-secret">{endpoint.secret}</Code>
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => list.mutate()}>
            {t('admin.webhooks.deliveries.refresh')}
          </Button>
          <Button
            leftSection={<IconSend size={16} />}
            onClick={() =>
              act(
                () => client.webhooks.test(endpoint.id),
                t('admin.webhooks.deliveries.test_queued'),
                t('admin.webhooks.deliveries.test_failed'),
              )
            }
          >
            {t('admin.webhooks.deliveries.test')}
          </Button>
        </Group>
      </Group>
      <AdminTable
        loading={!list.data}
        empty={rows.length === 0 ? t('admin.webhooks.deliveries.none') : null}
        columns={[
          t('admin.webhooks.deliveries.event'),
          t('admin.webhooks.deliveries.state'),
          t('admin.webhooks.deliveries.answer'),
          t('admin.webhooks.deliveries.latency'),
          t('admin.webhooks.deliveries.time'),
          '',
        ]}
        minWidth={760}
      >
        {rows.map((d) => (
          <Table.Tr key={d.id} data-testid="webhook-delivery">
            <Table.Td>
              <Text size="sm">{t(`admin.webhooks.event.${d.type}`)}</Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {d.eventId.slice(0, 13)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge color={stateColor[d.state]} variant="light">
                {t(`admin.webhooks.state.${d.state}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('admin.webhooks.deliveries.attempts', { n: d.attempts })}
              </Text>
            </Table.Td>
            <Table.Td maw={280}>
              {d.responseStatus !== null && <Code>{d.responseStatus}</Code>}
              <Text
                size="xs"
                c="dimmed"
                lineClamp={2}
                style={{ overflowWrap: 'anywhere' }}
                title={d.response}
              >
                {d.response}
              </Text>
            </Table.Td>
            <Table.Td>
              {d.latency === null ? '–' : t('admin.webhooks.deliveries.ms', { ms: d.latency })}
            </Table.Td>
            <Table.Td>
              <RelativeTime time={d.lastAttemptAt ?? d.createdAt} size="sm" />
              {d.state === 'pending' && d.attempts > 0 && (
                <Group gap={4}>
                  <Text size="xs" c="dimmed">
                    {t('admin.webhooks.deliveries.next')}
                  </Text>
                  <RelativeTime time={d.nextAt} size="xs" c="dimmed" />
                </Group>
              )}
            </Table.Td>
            <RowActions>
              <RowAction
                icon={IconSend}
                tip={t('admin.webhooks.deliveries.redeliver')}
                label={`${t('admin.webhooks.deliveries.redeliver')}: ${d.id}`}
                onClick={() => redeliver(d)}
              />
            </RowActions>
          </Table.Tr>
        ))}
      </AdminTable>
    </Stack>
  );
}
