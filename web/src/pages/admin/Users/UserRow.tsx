import { Badge, Table, Text } from '@mantine/core';
import type { RegistrationField, UserInfoModel } from '@pennon/sdk';
import { IconKey, IconPencil, IconShieldLock, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldLabel } from '../../../components/RegistrationFields/index.ts';
import { RelativeTime } from '../../../components/RelativeTime/index.ts';
import { NameCell, RowAction, RowActions } from '../lib/RowParts.tsx';

export interface UserRowProps {
  user: UserInfoModel;
  /** The registration fields, whose values show under the name. */
  fields: readonly RegistrationField[];
  /** The signed-in admin's own row: no role change, no deletion. */
  self: boolean;
  roleSelect: ReactNode;
  onEdit: () => void;
  onResetPassword: () => void;
  onSignInMethods: () => void;
  onDelete: () => void;
}

/** One user: who, their role (changeable), when last seen from where, and what can be done. */
export function UserRow({
  user,
  fields,
  self,
  roleSelect,
  onEdit,
  onResetPassword,
  onSignInMethods,
  onDelete,
}: UserRowProps) {
  const { t } = useTranslation();
  const labelOf = useFieldLabel();
  const name = user.userName ?? '';
  const filled = fields.filter((field) => user.fields?.[field.key]);
  return (
    <Table.Tr>
      <Table.Td>
        <NameCell
          name={name}
          avatar={user.avatar}
          badge={
            self && (
              <Badge size="xs" variant="light">
                {t('admin.users.you')}
              </Badge>
            )
          }
        >
          {user.email}
          {user.emailConfirmed === false && ` · ${t('admin.users.unconfirmed')}`}
        </NameCell>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{user.realName}</Text>
        <Text size="xs" c="dimmed">
          {user.stdNumber}
        </Text>
        {filled.length > 0 && (
          <Text size="xs" c="dimmed">
            {filled.map((field) => `${labelOf(field)}: ${user.fields?.[field.key]}`).join(' · ')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{roleSelect}</Table.Td>
      <Table.Td>
        <RelativeTime time={user.lastVisitedUtc} size="sm" />
        <Text size="xs" c="dimmed" ff="monospace">
          {user.ip}
        </Text>
      </Table.Td>
      <RowActions>
        <RowAction
          icon={IconPencil}
          tip={t('admin.users.edit.action')}
          label={t('admin.users.edit.label', { name })}
          onClick={onEdit}
        />
        <RowAction
          icon={IconShieldLock}
          tip={t('admin.users.methods.action')}
          label={t('admin.users.methods.label', { name })}
          onClick={onSignInMethods}
        />
        <RowAction
          icon={IconKey}
          color="orange"
          tip={t('admin.users.reset.action')}
          label={t('admin.users.reset.label', { name })}
          onClick={onResetPassword}
        />
        <RowAction
          icon={IconTrash}
          color="red"
          tip={t('admin.users.delete.action')}
          label={t('admin.users.delete.label', { name })}
          onClick={onDelete}
          disabled={self}
        />
      </RowActions>
    </Table.Tr>
  );
}
