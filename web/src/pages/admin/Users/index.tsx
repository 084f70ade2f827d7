import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UserInfoModel } from '@pennon/sdk';
import { IconFileSpreadsheet, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { useUser } from '../../../api/useUser.ts';
import { LoadError } from '../../../components/LoadError/index.ts';
import { useFieldLabel, useRegistrationFields } from '../../../components/RegistrationFields/index.ts';
import { AdminPage } from '../lib/AdminNav.tsx';
import { AdminTable } from '../lib/AdminTable.tsx';
import { confirmAction } from '../lib/confirmAction.tsx';
import { ListPager } from '../lib/ListPager.tsx';
import { type PagedListSource, usePagedList } from '../lib/usePagedList.ts';
import { PasswordResetModal } from './PasswordResetModal.tsx';
import { RoleSelect } from './RoleSelect.tsx';
import { SignInMethodsModal } from './SignInMethodsModal.tsx';
import { UserFormModal } from './UserFormModal.tsx';
import { UserRow } from './UserRow.tsx';
import { UserSheetsModal } from './UserSheetsModal.tsx';

/**
 * The platform's users, paged by id (only those whose registration field contains a value, when filtered) or
 * searched by name, number, e-mail, phone, id or real name.
 */
const usersSource = (field: string | null, value: string): PagedListSource<UserInfoModel> => ({
  key: field ? `/api/admin/users?field=${field}&value=${value}` : '/api/admin/users',
  page: (query) => client.admin.users(field ? { ...query, field, value } : query),
  search: (hint) => client.admin.searchUsers(hint),
});

/** /admin/Users */
export default function AdminUsersPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('page.admin.users')}>
      <UserList />
    </AdminPage>
  );
}

/** What the edit dialog holds: closed, a new user, or the user being edited. */
type Editing = null | 'new' | UserInfoModel;

function UserList() {
  const { t } = useTranslation();
  const { user: me } = useUser();
  const [search, setSearch] = useState('');
  const [hint] = useDebouncedValue(search, 300);
  const { fields = [] } = useRegistrationFields();
  const labelOf = useFieldLabel();
  const [filterField, setFilterField] = useState<string | null>(null);
  const [filterValue, setFilterValue] = useState('');
  const [filterHint] = useDebouncedValue(filterValue, 300);
  const source = useMemo(() => usersSource(filterField, filterHint.trim()), [filterField, filterHint]);
  const list = usePagedList(source, hint);
  const [editing, setEditing] = useState<Editing>(null);
  const [reset, setReset] = useState<{ userName: string; password: string } | null>(null);
  const [methodsOf, setMethodsOf] = useState<UserInfoModel | null>(null);
  const [sheets, setSheets] = useState(false);

  const resetPassword = (user: UserInfoModel) => {
    const name = user.userName ?? '';
    confirmAction(t, {
      title: t('admin.users.reset.title'),
      message: t('admin.users.reset.message', { name }),
      label: t('admin.users.reset.submit'),
      run: async () =>
        setReset({ userName: name, password: await client.admin.resetPassword(user.id ?? '') }),
      done: t('admin.users.reset.done', { name }),
      failed: t('admin.users.reset.failed'),
    });
  };

  const remove = (user: UserInfoModel) => {
    const name = user.userName ?? '';
    confirmAction(t, {
      title: t('admin.users.delete.title'),
      message: t('admin.users.delete.message', { name }),
      subject: { detail: user.email },
      label: t('admin.users.delete.submit'),
      run: () => client.admin.deleteUser(user.id ?? ''),
      done: t('admin.users.delete.done', { name }),
      failed: t('admin.users.delete.failed'),
      after: list.refresh,
    });
  };

  return (
    <>
      <Group justify="space-between" gap="sm">
        <TextInput
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('admin.users.search.placeholder')}
          aria-label={t('admin.users.search.label')}
          leftSection={<IconSearch size={16} />}
          type="search"
          style={{ flex: 1 }}
          miw={220}
          maw={420}
        />
        {fields.length > 0 && (
          <Group gap="xs">
            <Select
              aria-label={t('admin.users.filter.field')}
              placeholder={t('admin.users.filter.field')}
              data={fields.map((field) => ({ value: field.key, label: labelOf(field) }))}
              value={filterField}
              onChange={setFilterField}
              clearable
              w={180}
            />
            {filterField && (
              <TextInput
                aria-label={t('admin.users.filter.value')}
                placeholder={t('admin.users.filter.value')}
                value={filterValue}
                onChange={(event) => setFilterValue(event.currentTarget.value)}
                type="search"
                w={180}
              />
            )}
          </Group>
        )}
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={() => setSheets(true)}
          >
            {t('admin.users.sheets.action')}
          </Button>
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setEditing('new')}>
            {t('admin.users.create.action')}
          </Button>
        </Group>
      </Group>
      {list.error && !list.rows ? (
        <LoadError error={list.error} retry={list.refresh} title="admin.users.load_failed" />
      ) : (
        <AdminTable
          loading={list.isLoading}
          empty={
            list.rows?.length === 0
              ? t(
                  hint.trim() || (filterField && filterHint.trim())
                    ? 'admin.list.no_match'
                    : 'admin.users.empty',
                )
              : null
          }
          columns={[
            t('admin.users.column.user'),
            t('admin.users.column.name'),
            t('admin.users.column.role'),
            t('admin.users.column.last_visit'),
            t('admin.list.actions'),
          ]}
        >
          {list.rows?.map((user) => {
            const self = user.id === me?.userId;
            return (
              <UserRow
                key={user.id}
                user={user}
                fields={fields}
                self={self}
                roleSelect={
                  <RoleSelect
                    userId={user.id ?? ''}
                    userName={user.userName ?? ''}
                    role={user.role ?? 'User'}
                    disabled={self}
                    onChanged={list.refresh}
                  />
                }
                onEdit={() => setEditing(user)}
                onResetPassword={() => resetPassword(user)}
                onSignInMethods={() => setMethodsOf(user)}
                onDelete={() => remove(user)}
              />
            );
          })}
        </AdminTable>
      )}
      <ListPager page={list.page} pages={list.pages} onChange={list.setPage} total={list.total} />
      <UserFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        user={editing === 'new' || editing === null ? undefined : editing}
        onSaved={list.refresh}
      />
      <PasswordResetModal reset={reset} onClose={() => setReset(null)} />
      <SignInMethodsModal user={methodsOf} onClose={() => setMethodsOf(null)} />
      <UserSheetsModal opened={sheets} onClose={() => setSheets(false)} onImported={list.refresh} />
    </>
  );
}
