import { Badge, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TeamInfoModel } from '@pennon/sdk';
import { IconLock, IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { LoadError } from '../../../components/LoadError/index.ts';
import { plainLine } from '../../../components/Markdown/index.tsx';
import { AdminPage } from '../lib/AdminNav.tsx';
import { AdminTable } from '../lib/AdminTable.tsx';
import { confirmAction } from '../lib/confirmAction.tsx';
import { ListPager } from '../lib/ListPager.tsx';
import { NameCell, RowAction, RowActions } from '../lib/RowParts.tsx';
import { type PagedListSource, usePagedList } from '../lib/usePagedList.ts';
import { TeamEditModal } from './TeamEditModal.tsx';

const TEAMS_SOURCE: PagedListSource<TeamInfoModel> = {
  key: '/api/admin/teams',
  page: (query) => client.admin.teams(query),
  search: (hint) => client.admin.searchTeams(hint),
};

/** /admin/Teams */
export default function AdminTeamsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('page.admin.teams')}>
      <TeamList />
    </AdminPage>
  );
}

function TeamList() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [hint] = useDebouncedValue(search, 300);
  const list = usePagedList(TEAMS_SOURCE, hint);
  const [editing, setEditing] = useState<TeamInfoModel | null>(null);

  const remove = (team: TeamInfoModel) => {
    const name = team.name ?? '';
    confirmAction(t, {
      title: t('admin.teams.delete.title'),
      message: t('admin.teams.delete.message', { name }),
      subject: { id: team.id },
      label: t('admin.teams.delete.submit'),
      run: () => client.admin.deleteTeam(team.id),
      done: t('admin.teams.delete.done', { name }),
      failed: t('admin.teams.delete.failed'),
      after: list.refresh,
    });
  };

  return (
    <>
      <TextInput
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        placeholder={t('admin.teams.search.placeholder')}
        aria-label={t('admin.teams.search.label')}
        leftSection={<IconSearch size={16} />}
        type="search"
        maw={420}
      />
      {list.error && !list.rows ? (
        <LoadError error={list.error} retry={list.refresh} title="admin.teams.load_failed" />
      ) : (
        <AdminTable
          loading={list.isLoading}
          empty={
            list.rows?.length === 0 ? t(hint.trim() ? 'admin.list.no_match' : 'admin.teams.empty') : null
          }
          columns={[t('admin.teams.column.team'), t('admin.teams.column.members'), t('admin.list.actions')]}
          minWidth={560}
        >
          {list.rows?.map((team) => {
            const name = team.name ?? '';
            const captain = team.members?.find((member) => member.captain)?.userName;
            return (
              <Table.Tr key={team.id}>
                <Table.Td>
                  <NameCell
                    name={name}
                    avatar={team.avatar}
                    badge={
                      team.locked && (
                        <Badge size="xs" color="orange" variant="light" leftSection={<IconLock size={10} />}>
                          {t('admin.teams.locked')}
                        </Badge>
                      )
                    }
                  >
                    {team.bio && plainLine(team.bio)}
                  </NameCell>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{team.members?.map((member) => member.userName).join(', ')}</Text>
                  {captain && (
                    <Text size="xs" c="dimmed">
                      {t('admin.teams.captain', { name: captain })}
                    </Text>
                  )}
                </Table.Td>
                <RowActions>
                  <RowAction
                    icon={IconPencil}
                    tip={t('admin.teams.edit.action')}
                    label={t('admin.teams.edit.label', { name })}
                    onClick={() => setEditing(team)}
                  />
                  <RowAction
                    icon={IconTrash}
                    color="red"
                    tip={t('admin.teams.delete.action')}
                    label={t('admin.teams.delete.label', { name })}
                    onClick={() => remove(team)}
                  />
                </RowActions>
              </Table.Tr>
            );
          })}
        </AdminTable>
      )}
      <ListPager page={list.page} pages={list.pages} onChange={list.setPage} total={list.total} />
      <TeamEditModal team={editing} onClose={() => setEditing(null)} onSaved={list.refresh} />
    </>
  );
}
