import { Select } from '@mantine/core';
import { type Role, RoleValues } from '@pennon/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';

export interface RoleSelectProps {
  userId: string;
  userName: string;
  role: Role;
  /** An admin cannot demote themself (they would lose this page). */
  disabled?: boolean;
  onChanged: () => unknown;
}

/** Changes a user's role at once; it applies to their next request. */
export function RoleSelect({ userId, userName, role, disabled, onChanged }: RoleSelectProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const change = async (next: string | null) => {
    if (!next || next === role) return;
    setBusy(true);
    try {
      await client.admin.updateUser(userId, { role: next as Role });
      notifySuccess(
        t('admin.users.role.done', { name: userName, role: t(`account.role.${next.toLowerCase()}`) }),
      );
      await onChanged();
    } catch (err) {
      notifyError(err, t, t('admin.users.role.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Select
      aria-label={t('admin.users.role.label', { name: userName })}
      data={RoleValues.map((value) => ({ value, label: t(`account.role.${value.toLowerCase()}`) }))}
      value={role}
      onChange={(value) => void change(value)}
      allowDeselect={false}
      disabled={disabled || busy}
      size="xs"
      w={120}
    />
  );
}
