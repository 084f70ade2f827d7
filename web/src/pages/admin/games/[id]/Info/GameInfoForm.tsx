import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { GameInfoModel } from '@pennon/sdk';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../../api/client.ts';
import { notifyError, notifySuccess } from '../../../../../utils/notify.ts';
import { AdminCard } from '../../../lib/AdminCard.tsx';
import { MAX_BLOOD_PERCENT } from '../../lib/bloodBonus.ts';
import { DateTimeField } from '../../lib/DateTimeField.tsx';
import { MarkdownField } from '../../lib/MarkdownField.tsx';
import { type GameFormValues, toFormValues, toGameInput, validateGameForm } from './gameForm.ts';
import { InviteCodeInput } from './InviteCodeInput.tsx';

const DAY = 86_400_000;
const BLOOD_LABELS = [
  'admin.game.info.blood_first',
  'admin.game.info.blood_second',
  'admin.game.info.blood_third',
];
/** The two count limits: the field and its label. */
const LIMITS = [
  ['teamMemberCountLimit', 'admin.game.info.team_member_limit'],
  ['containerCountLimit', 'admin.game.info.container_limit'],
] as const;

/** Every setting of a game; saving overwrites them all. */
export function GameInfoForm({
  game,
  onSaved,
}: {
  game: GameInfoModel;
  onSaved: (game: GameInfoModel) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<GameFormValues>({
    initialValues: toFormValues(game),
    validateInputOnBlur: true,
    validate: validateGameForm(t),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await client.edit.updateGame(game.id, toGameInput(values));
      form.setInitialValues(toFormValues(saved));
      form.resetDirty(toFormValues(saved));
      onSaved(saved);
      notifySuccess(t('admin.game.info.saved'));
    } catch (err) {
      notifyError(err, t, t('admin.game.info.save_failed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AdminCard gap="md" title={t('admin.game.info.general')}>
          <TextInput label={t('admin.game.form.title')} required {...form.getInputProps('title')} />
          <Textarea
            label={t('admin.game.info.summary')}
            autosize
            minRows={2}
            maxRows={4}
            {...form.getInputProps('summary')}
          />
          <MarkdownField label={t('admin.game.info.content')} {...form.getInputProps('content')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateTimeField label={t('admin.game.form.start')} required {...form.getInputProps('start')} />
            <DateTimeField label={t('admin.game.form.end')} required {...form.getInputProps('end')} />
          </SimpleGrid>
          <DateTimeField
            label={t('admin.game.info.freeze_at')}
            description={t('admin.game.info.freeze_at_hint')}
            clearable
            {...form.getInputProps('freezeAt')}
          />
        </AdminCard>

        <AdminCard gap="md" title={t('admin.game.info.rules')}>
          <Switch
            label={t('admin.game.info.hidden')}
            description={t('admin.game.info.hidden_hint')}
            {...form.getInputProps('hidden', { type: 'checkbox' })}
          />
          <Switch
            label={t('admin.game.info.practice_mode')}
            description={t('admin.game.info.practice_mode_hint')}
            {...form.getInputProps('practiceMode', { type: 'checkbox' })}
          />
          <Switch
            label={t('admin.game.info.accept_without_review')}
            description={t('admin.game.info.accept_without_review_hint')}
            {...form.getInputProps('acceptWithoutReview', { type: 'checkbox' })}
          />
          <InviteCodeInput
            label={t('admin.game.info.invite_code')}
            description={t('admin.game.info.invite_code_hint')}
            {...form.getInputProps('inviteCode')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {LIMITS.map(([field, label]) => (
              <NumberInput
                key={field}
                label={t(label)}
                description={t('admin.game.info.zero_unlimited')}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps(field)}
                onChange={(value) => form.setFieldValue(field, Number(value) || 0)}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            {BLOOD_LABELS.map((label, index) => (
              <NumberInput
                key={label}
                label={t(label)}
                min={0}
                max={MAX_BLOOD_PERCENT}
                step={0.1}
                decimalScale={1}
                clampBehavior="strict"
                allowNegative={false}
                suffix=" %"
                value={form.values.bloodBonus[index]}
                onChange={(value) => form.setFieldValue(`bloodBonus.${index}`, Number(value) || 0)}
              />
            ))}
          </SimpleGrid>
        </AdminCard>

        <AdminCard gap="md" title={t('admin.game.info.writeup')}>
          <Switch
            label={t('admin.game.info.writeup_required')}
            {...form.getInputProps('writeupRequired', { type: 'checkbox' })}
            onChange={(event) => {
              const required = event.currentTarget.checked;
              form.setFieldValue('writeupRequired', required);
              // A deadline never set (or before the end) starts a day after the end.
              if (required && form.values.writeupDeadline < form.values.end) {
                form.setFieldValue('writeupDeadline', form.values.end + DAY);
              }
            }}
          />
          <DateTimeField
            label={t('admin.game.info.writeup_deadline')}
            disabled={!form.values.writeupRequired}
            {...form.getInputProps('writeupDeadline')}
          />
          <MarkdownField
            label={t('admin.game.info.writeup_note')}
            minRows={3}
            {...form.getInputProps('writeupNote')}
          />
        </AdminCard>

        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} leftSection={<IconDeviceFloppy size={16} />}>
            {t('admin.game.info.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
