import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { PASSKEY_NAME_MAX, type PasskeyInfo } from '@pennon/sdk';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';

export interface PasskeyRenameProps {
  /** The passkey being renamed; null when closed. */
  passkey: PasskeyInfo | null;
  onClose: () => void;
  onRenamed: () => unknown;
}

/** Gives a passkey another name, so that two devices can be told apart in the list. */
export function PasskeyRename({ passkey, onClose, onRenamed }: PasskeyRenameProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => setName(passkey?.name ?? ''), [passkey]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!passkey) return;
    setSaving(true);
    try {
      await client.security.renamePasskey(passkey.id, name.trim());
      notifySuccess(t('account.security.passkey_renamed'));
      onClose();
      await onRenamed();
    } catch (err) {
      notifyError(err, t, t('account.security.passkey_rename_failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={passkey !== null}
      onClose={onClose}
      title={t('account.security.passkey_rename_title', { name: passkey?.name })}
      centered
    >
      <Stack component="form" gap="md" onSubmit={save}>
        <TextInput
          label={t('account.security.passkey_name')}
          maxLength={PASSKEY_NAME_MAX}
          required
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.button.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={name.trim() === ''}>
            {t('account.security.passkey_rename_submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
