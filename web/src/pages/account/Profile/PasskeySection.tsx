import { ActionIcon, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { PASSKEY_NAME_MAX, type PasskeyInfo } from '@pennon/sdk';
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { RelativeTime } from '../../../components/RelativeTime/index.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';
import { useSecondFactorSetup } from '../lib/useSecondFactorSetup.ts';
import { PasskeyRename } from './PasskeyRename.tsx';
import type { SecuritySectionProps } from './TotpSection.tsx';

/** The caller's passkeys: each with its name and when it was added and last used; add one under a name. */
export function PasskeySection({ security, onChanged, showCodes }: SecuritySectionProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const { busy: adding, addPasskey } = useSecondFactorSetup();
  const [renaming, setRenaming] = useState<PasskeyInfo | null>(null);

  const add = async () => {
    const result = await addPasskey(name.trim() || t('account.security.passkey_default_name'));
    if (!result) return;
    setName('');
    if (result.recoveryCodes.length > 0) showCodes(result.recoveryCodes);
    notifySuccess(t('account.security.passkey_added'));
    await onChanged();
  };

  const remove = (passkey: PasskeyInfo) =>
    modals.openConfirmModal({
      title: t('account.security.passkey_remove_title'),
      centered: true,
      children: <Text size="sm">{t('account.security.passkey_remove_message', { name: passkey.name })}</Text>,
      labels: { confirm: t('account.security.remove'), cancel: t('common.button.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await client.security.removePasskey(passkey.id);
          notifySuccess(t('account.security.passkey_removed'));
        } catch (err) {
          notifyError(err, t, t('account.security.passkey_remove_failed'));
        }
        await onChanged();
      },
    });

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('account.security.passkeys_title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('account.security.passkeys_hint')}
      </Text>
      {security.methods.passkeys.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} aria-label={t('account.security.passkeys_title')}>
          {security.methods.passkeys.map((passkey) => (
            <Group key={passkey.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <IconKey size={18} aria-hidden />
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={500} truncate>
                    {passkey.name}
                  </Text>
                  <Text size="xs" c="dimmed" component="div">
                    {t('account.security.added')} <RelativeTime time={passkey.createdAt} span inherit />
                    {passkey.lastUsedAt !== null && (
                      <>
                        {' · '}
                        {t('account.security.last_used')}{' '}
                        <RelativeTime time={passkey.lastUsedAt} span inherit />
                      </>
                    )}
                  </Text>
                </Stack>
              </Group>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('account.security.passkey_rename', { name: passkey.name })}
                  onClick={() => setRenaming(passkey)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('account.security.passkey_remove', { name: passkey.name })}
                  onClick={() => remove(passkey)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <Group align="flex-end" gap="sm">
        <TextInput
          flex={1}
          label={t('account.security.passkey_name')}
          placeholder={t('account.security.passkey_default_name')}
          maxLength={PASSKEY_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Button leftSection={<IconKey size={16} />} loading={adding} onClick={add}>
          {t('account.security.passkey_add')}
        </Button>
      </Group>
      <PasskeyRename passkey={renaming} onClose={() => setRenaming(null)} onRenamed={onChanged} />
    </Stack>
  );
}
