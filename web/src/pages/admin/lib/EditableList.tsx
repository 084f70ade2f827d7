import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SWRResponse } from 'swr';
import { LoadError } from '../../../components/LoadError/index.ts';
import { AdminCard } from './AdminCard.tsx';
import { AdminTable } from './AdminTable.tsx';

export interface EditableListProps<T> {
  /** The list's translation keys' prefix: `.list`, `.intro`, `.new`, `.edit`, `.none` and `.load_failed`. */
  keys: string;
  list: SWRResponse<T[]>;
  /** The translated column headings, the last one the row actions'. */
  columns: string[];
  /** An item's row (a `Table.Tr` with its key); `edit` opens the dialog on it. */
  row: (item: T, edit: () => void) => ReactNode;
  /** The dialog's form, for the item to change or a new one (undefined); `done` closes it, `saved` reloads. */
  form: (item: T | undefined, done: (saved: boolean) => void) => ReactNode;
  /** More in the card, such as another dialog. */
  children?: ReactNode;
}

/** An admin list whose items are added and changed in a dialog: its card, intro, add button and table. */
export function EditableList<T>({ keys, list, columns, row, form, children }: EditableListProps<T>) {
  const { t } = useTranslation();
  /** The one being changed, null for a new one, undefined with the dialog closed. */
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  if (!list.data && list.error)
    return <LoadError error={list.error} retry={list.mutate} title={`${keys}.load_failed`} />;
  const rows = list.data ?? [];
  return (
    <AdminCard title={t(`${keys}.list`)}>
      <Stack gap="md">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t(`${keys}.intro`)}
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            {t(`${keys}.new`)}
          </Button>
        </Group>
        <AdminTable
          columns={columns}
          loading={!list.data}
          empty={rows.length === 0 ? t(`${keys}.none`) : null}
        >
          {rows.map((item) => row(item, () => setEditing(item)))}
        </AdminTable>
      </Stack>
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={t(editing ? `${keys}.edit` : `${keys}.new`)}
        size="lg"
      >
        {editing !== undefined &&
          form(editing ?? undefined, (saved) => {
            setEditing(undefined);
            if (saved) void list.mutate();
          })}
      </Modal>
      {children}
    </AdminCard>
  );
}
