import { Anchor, Code, Table } from '@mantine/core';
import type { LocalFile } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { LoadError } from '../../../components/LoadError/index.ts';
import { AdminTable } from '../lib/AdminTable.tsx';
import { ListPager } from '../lib/ListPager.tsx';
import { type PagedListSource, usePagedList } from '../lib/usePagedList.ts';

const FILES_SOURCE: PagedListSource<LocalFile> = {
  key: '/api/admin/files',
  page: (query) => client.admin.files(query),
};

/** The files the platform stores (attachments, avatars, logos), by name, each a download link. */
export function FilesPanel() {
  const { t } = useTranslation();
  const list = usePagedList(FILES_SOURCE);
  if (list.error && !list.rows)
    return <LoadError error={list.error} retry={list.refresh} title="admin.files.load_failed" />;
  return (
    <>
      <AdminTable
        loading={list.isLoading}
        empty={list.rows?.length === 0 ? t('admin.files.empty') : null}
        columns={[t('admin.files.column.name'), t('admin.files.column.hash')]}
        minWidth={480}
      >
        {list.rows?.map((file) => (
          <Table.Tr key={`${file.hash}/${file.name}`}>
            <Table.Td>
              <Anchor
                href={`/assets/${file.hash}/${encodeURIComponent(file.name)}`}
                target="_blank"
                size="sm"
              >
                {file.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Code title={file.hash}>{file.hash.slice(0, 12)}</Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
      <ListPager page={list.page} pages={list.pages} onChange={list.setPage} total={list.total} />
    </>
  );
}
