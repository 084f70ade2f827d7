import { ActionIcon, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ChallengeInfoModel, DIVISION_NAME_MAX, type Division, GamePermission } from '@pennon/sdk';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../../api/client.ts';
import { FormActions } from '../../../../../components/FormActions/index.ts';
import { notifyError, notifySuccess } from '../../../../../utils/notify.ts';
import { PermissionChecks } from '../../lib/PermissionChecks.tsx';
import { InviteCodeInput } from './InviteCodeInput.tsx';

interface DivisionValues {
  name: string;
  inviteCode: string;
  defaultPermissions: number;
  /** Per-challenge permissions replacing the default for that challenge. */
  challengeConfigs: { challengeId: number; permissions: number }[];
}

/** Creates a division (`division` undefined) or changes one: name, invite code, permissions, per-challenge overrides. */
export function DivisionForm({
  gameId,
  division,
  challenges,
  onDone,
}: {
  gameId: number;
  division?: Division;
  challenges: ChallengeInfoModel[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<DivisionValues>({
    initialValues: {
      name: division?.name ?? '',
      inviteCode: division?.inviteCode ?? '',
      defaultPermissions: division?.defaultPermissions ?? GamePermission.All,
      challengeConfigs: division?.challengeConfigs ?? [],
    },
    validate: {
      name: (value) =>
        !value.trim()
          ? t('admin.game.division.name_required')
          : value.trim().length > DIVISION_NAME_MAX
            ? t('admin.game.form.too_long', { max: DIVISION_NAME_MAX })
            : null,
    },
  });
  const titleOf = (id: number) => challenges.find((c) => c.id === id)?.title ?? `#${id}`;
  const configured = new Set(form.values.challengeConfigs.map((c) => c.challengeId));
  const unconfigured = challenges.filter((c) => !configured.has(c.id));

  const submit = form.onSubmit(async (values) => {
    const body = {
      name: values.name.trim(),
      // '' clears a stored code; null would keep it.
      inviteCode: values.inviteCode.trim(),
      defaultPermissions: values.defaultPermissions,
      challengeConfigs: values.challengeConfigs,
    };
    try {
      if (division) await client.edit.updateDivision(gameId, division.id, body);
      else await client.edit.createDivision(gameId, { ...body, inviteCode: body.inviteCode || null });
      notifySuccess(t('admin.game.division.saved'));
      onDone();
    } catch (err) {
      notifyError(err, t, t('admin.game.division.save_failed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('admin.game.division.name')}
          required
          maxLength={DIVISION_NAME_MAX}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <InviteCodeInput
          label={t('admin.game.division.invite_code')}
          description={t('admin.game.division.invite_code_hint')}
          {...form.getInputProps('inviteCode')}
        />
        <PermissionChecks
          legend={t('admin.game.division.default_permissions')}
          value={form.values.defaultPermissions}
          onChange={(value) => form.setFieldValue('defaultPermissions', value)}
        />
        <Stack gap="xs">
          <Text fw={500} size="sm">
            {t('admin.game.division.overrides')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('admin.game.division.overrides_hint')}
          </Text>
          {form.values.challengeConfigs.map((config, index) => (
            <Card key={config.challengeId} withBorder radius="sm" padding="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <PermissionChecks
                  legend={titleOf(config.challengeId)}
                  value={config.permissions}
                  onChange={(value) => form.setFieldValue(`challengeConfigs.${index}.permissions`, value)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('admin.game.division.remove_override', {
                    title: titleOf(config.challengeId),
                  })}
                  onClick={() => form.removeListItem('challengeConfigs', index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Card>
          ))}
          {unconfigured.length > 0 && (
            <Select
              label={t('admin.game.division.add_override')}
              placeholder={t('admin.game.division.choose_challenge')}
              data={unconfigured.map((c) => ({ value: String(c.id), label: c.title }))}
              value={null}
              searchable
              onChange={(value) =>
                value &&
                form.insertListItem('challengeConfigs', {
                  challengeId: Number(value),
                  permissions: form.values.defaultPermissions,
                })
              }
            />
          )}
        </Stack>
        <FormActions submitLabel={t('admin.game.division.save')} onCancel={onDone} busy={form.submitting} />
      </Stack>
    </form>
  );
}
