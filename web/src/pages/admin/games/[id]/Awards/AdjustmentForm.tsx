import { NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ADJUSTMENT_POINTS_MAX,
  ADJUSTMENT_REASON_MAX,
  type ParticipationInfoModel,
  type ScoreAdjustmentModel,
} from '@pennon/sdk';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../../api/client.ts';
import { FormActions } from '../../../../../components/FormActions/index.ts';
import { notifyError, notifySuccess } from '../../../../../utils/notify.ts';
import { DateTimeField } from '../../lib/DateTimeField.tsx';

interface AdjustmentValues {
  teamId: string | null;
  points: number | string;
  reason: string;
  /** Unix ms; 0 = now, when it is saved. */
  time: number;
}

/** Gives a team an award or a penalty (`adjustment` undefined) or changes one: its signed points, reason and time. */
export function AdjustmentForm({
  gameId,
  adjustment,
  participations,
  onDone,
}: {
  gameId: number;
  adjustment?: ScoreAdjustmentModel;
  participations: ParticipationInfoModel[];
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<AdjustmentValues>({
    initialValues: {
      teamId: null,
      points: adjustment?.points ?? '',
      reason: adjustment?.reason ?? '',
      time: adjustment?.time ?? 0,
    },
    validate: {
      teamId: (value) => (value || adjustment ? null : t('admin.game.adjustment.team_required')),
      points: (value) =>
        typeof value === 'number' && Number.isInteger(value) && value !== 0
          ? null
          : t('admin.game.adjustment.points_required'),
      reason: (value) => (value.trim() ? null : t('admin.game.adjustment.reason_required')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const body = {
      teamId: adjustment?.teamId ?? Number(values.teamId),
      points: Number(values.points),
      reason: values.reason.trim(),
      ...(values.time > 0 && { time: values.time }),
    };
    try {
      if (adjustment) await client.edit.updateAdjustment(gameId, adjustment.id, body);
      else await client.edit.createAdjustment(gameId, body);
      notifySuccess(t('admin.game.adjustment.saved'));
      onDone(true);
    } catch (err) {
      notifyError(err, t, t('admin.game.adjustment.save_failed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {/* A change of team is a new award or penalty: an edit keeps its team. */}
        {adjustment ? (
          <TextInput label={t('admin.game.adjustment.team')} value={adjustment.teamName} readOnly />
        ) : (
          <Select
            label={t('admin.game.adjustment.team')}
            required
            searchable
            data={participations.map((p) => ({
              value: String(p.team.id),
              label: p.team.name ?? `#${p.team.id}`,
            }))}
            data-autofocus
            {...form.getInputProps('teamId')}
          />
        )}
        <NumberInput
          label={t('admin.game.adjustment.points')}
          description={t('admin.game.adjustment.points_hint')}
          required
          allowDecimal={false}
          min={-ADJUSTMENT_POINTS_MAX}
          max={ADJUSTMENT_POINTS_MAX}
          {...form.getInputProps('points')}
        />
        <TextInput
          label={t('admin.game.adjustment.reason')}
          required
          maxLength={ADJUSTMENT_REASON_MAX}
          {...form.getInputProps('reason')}
        />
        <DateTimeField
          label={t('admin.game.adjustment.time')}
          description={t('admin.game.adjustment.time_hint')}
          clearable
          value={form.values.time}
          onChange={(value) => form.setFieldValue('time', value)}
        />
        <FormActions
          submitLabel={t('admin.game.adjustment.save')}
          onCancel={() => onDone(false)}
          busy={form.submitting}
        />
      </Stack>
    </form>
  );
}
