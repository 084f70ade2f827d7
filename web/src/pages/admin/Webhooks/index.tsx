import { Badge, Modal, Table, Text } from '@mantine/core';
import type { WebhookEndpoint } from '@pennon/sdk';
import { IconList, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { AdminPage } from '../lib/AdminNav.tsx';
import { confirmAction } from '../lib/confirmAction.tsx';
import { EditableList } from '../lib/EditableList.tsx';
import { RowAction, RowActions } from '../lib/RowParts.tsx';
import { Deliveries } from './Deliveries.tsx';
import { EndpointForm } from './EndpointForm.tsx';

/** /admin/Webhooks: the endpoints that receive the platform's events, and each one's deliveries. */
export default function AdminWebhooksPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('page.admin.webhooks')}>
      <Endpoints />
    </AdminPage>
  );
}

function Endpoints() {
  const { t } = useTranslation();
  const [watching, setWatching] = useState<WebhookEndpoint | undefined>(undefined);
  const list = useSWR('/api/admin/webhooks', () => client.webhooks.list());

  const remove = (e: WebhookEndpoint) =>
    confirmAction(t, {
      title: t('admin.webhooks.delete_title'),
      message: t('admin.webhooks.delete_message', { name: e.name }),
      label: t('admin.webhooks.delete'),
      run: () => client.webhooks.delete(e.id),
      done: t('admin.webhooks.deleted'),
      failed: t('admin.webhooks.delete_failed'),
      after: () => list.mutate(),
    });

  return (
    <EditableList
      keys="admin.webhooks"
      list={list}
      columns={[
        t('admin.webhooks.column.endpoint'),
        t('admin.webhooks.column.format'),
        t('admin.webhooks.column.events'),
        t('admin.webhooks.column.state'),
        '',
      ]}
      row={(e, edit) => (
        <Table.Tr key={e.id} data-testid="webhook-endpoint">
          <Table.Td maw={320}>
            <Text size="sm" fw={600}>
              {e.name}
            </Text>
            <Text size="xs" c="dimmed" truncate title={e.url}>
              {e.url}
            </Text>
          </Table.Td>
          <Table.Td>{t(`admin.webhooks.format.${e.format}`)}</Table.Td>
          <Table.Td maw={260}>
            <Text size="xs">{e.events.map((type) => t(`admin.webhooks.event.${type}`)).join(', ')}</Text>
          </Table.Td>
          <Table.Td>
            <Badge color={e.enabled ? 'teal' : 'gray'} variant="light">
              {t(e.enabled ? 'admin.webhooks.on' : 'admin.webhooks.off')}
            </Badge>
            {e.pending > 0 && (
              <Text size="xs" c="dimmed">
                {t('admin.webhooks.pending', { n: e.pending })}
              </Text>
            )}
          </Table.Td>
          <RowActions>
            <RowAction
              icon={IconList}
              tip={t('admin.webhooks.deliveries.title')}
              label={`${t('admin.webhooks.deliveries.title')}: ${e.name}`}
              onClick={() => setWatching(e)}
            />
            <RowAction
              icon={IconPencil}
              tip={t('admin.webhooks.edit')}
              label={`${t('admin.webhooks.edit')}: ${e.name}`}
              onClick={edit}
            />
            <RowAction
              icon={IconTrash}
              color="red"
              tip={t('admin.webhooks.delete')}
              label={`${t('admin.webhooks.delete')}: ${e.name}`}
              onClick={() => remove(e)}
            />
          </RowActions>
        </Table.Tr>
      )}
      form={(endpoint, done) => <EndpointForm endpoint={endpoint} onDone={done} />}
    >
      <Modal
        opened={watching !== undefined}
        onClose={() => {
          setWatching(undefined);
          void list.mutate();
        }}
        title={watching ? `${t('admin.webhooks.deliveries.title')}: ${watching.name}` : ''}
        size="xl"
      >
        {watching && <Deliveries endpoint={watching} />}
      </Modal>
    </EditableList>
  );
}
