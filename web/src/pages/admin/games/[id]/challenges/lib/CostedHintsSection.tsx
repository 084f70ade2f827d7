import {
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { HINT_COST_MAX, type HintCostKind, type HintEditModel, TITLE_MAX } from '@pennon/sdk';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../../../../api/client.ts';
import { FormActions } from '../../../../../../components/FormActions/index.ts';
import { LoadError } from '../../../../../../components/LoadError/index.ts';
import { dateTimeFormat } from '../../../../../../i18n/formats.ts';
import { notifyError, notifySuccess } from '../../../../../../utils/notify.ts';
import { confirmAction } from '../../../../lib/confirmAction.tsx';
import { RowAction } from '../../../../lib/RowParts.tsx';
import { DateTimeField } from '../../../lib/DateTimeField.tsx';
import { MarkdownField } from '../../../lib/MarkdownField.tsx';
import { EditSection } from './EditSection.tsx';

const K = 'admin.challenge.costed_hints';

/** A challenge's titled hints (issue #44): each free or with a cost, optionally released at a time. */
export function CostedHintsSection({ gameId, challengeId }: { gameId: number; challengeId: number }) {
  const { t, i18n } = useTranslation();
  const time = dateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  /** The one being changed, null for a new one, undefined with the dialog closed. */
  const [editing, setEditing] = useState<HintEditModel | null | undefined>(undefined);
  const list = useSWR(['/api/edit/games', gameId, 'challenges', challengeId, 'hints'], () =>
    client.edit.hints(gameId, challengeId),
  );
  const costOf = (h: HintEditModel) => {
    if (h.cost === 0) return t('game.hint.free');
    return h.costKind === 'Percent'
      ? t(`${K}.cost_percent`, { cost: h.cost })
      : t('game.challenge.points', { count: h.cost });
  };
  const remove = (h: HintEditModel) =>
    confirmAction(t, {
      title: t(`${K}.delete_title`),
      message: t(`${K}.delete_message`, { title: h.title, count: h.unlockCount }),
      label: t(`${K}.delete`),
      run: () => client.edit.deleteHint(gameId, challengeId, h.id),
      done: t(`${K}.deleted`),
      failed: t(`${K}.delete_failed`),
      after: () => list.mutate(),
    });

  return (
    <EditSection title={t(`${K}.title`)}>
      <Text size="sm" c="dimmed">
        {t(`${K}.intro`)}
      </Text>
      {!list.data && list.error ? (
        <LoadError error={list.error} retry={list.mutate} title={`${K}.load_failed`} />
      ) : list.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`${K}.empty`)}
        </Text>
      ) : (
        list.data?.map((h) => (
          <Paper key={h.id} withBorder radius="sm" p="xs" data-testid="admin-costed-hint">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {h.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    costOf(h),
                    h.releaseTime !== null && t(`${K}.release`, { time: time.format(h.releaseTime) }),
                    t(`${K}.unlocks`, { count: h.unlockCount }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <RowAction
                  icon={IconPencil}
                  tip={t(`${K}.edit`)}
                  label={`${t(`${K}.edit`)}: ${h.title}`}
                  onClick={() => setEditing(h)}
                />
                <RowAction
                  icon={IconTrash}
                  color="red"
                  tip={t(`${K}.delete`)}
                  label={`${t(`${K}.delete`)}: ${h.title}`}
                  onClick={() => remove(h)}
                />
              </Group>
            </Group>
          </Paper>
        ))
      )}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => setEditing(null)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t(`${K}.add`)}
      </Button>
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? t(`${K}.edit`) : t(`${K}.add`)}
        size="lg"
      >
        {editing !== undefined && (
          <HintForm
            gameId={gameId}
            challengeId={challengeId}
            hint={editing ?? undefined}
            onDone={(saved) => {
              setEditing(undefined);
              if (saved) void list.mutate();
            }}
          />
        )}
      </Modal>
    </EditSection>
  );
}

interface HintValues {
  title: string;
  content: string;
  costKind: HintCostKind;
  cost: number | string;
  released: boolean;
  releaseTime: number;
}

function HintForm(props: {
  gameId: number;
  challengeId: number;
  hint?: HintEditModel;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { hint } = props;
  const form = useForm<HintValues>({
    initialValues: {
      title: hint?.title ?? '',
      content: hint?.content ?? '',
      costKind: hint?.costKind ?? 'Points',
      cost: hint?.cost ?? 0,
      released: hint?.releaseTime != null,
      releaseTime: hint?.releaseTime ?? Date.now(),
    },
    validate: {
      title: (v) => (v.trim() ? null : t(`${K}.required`)),
      content: (v) => (v.trim() ? null : t(`${K}.required`)),
      cost: (v, values) =>
        typeof v !== 'number'
          ? t(`${K}.required`)
          : values.costKind === 'Percent' && v > 100
            ? t(`${K}.percent_max`)
            : null,
    },
  });
  const submit = form.onSubmit(async (values) => {
    const body = {
      title: values.title.trim(),
      content: values.content,
      costKind: values.costKind,
      cost: Number(values.cost),
      releaseTime: values.released ? values.releaseTime : null,
    };
    try {
      if (hint) await client.edit.updateHint(props.gameId, props.challengeId, hint.id, body);
      else await client.edit.createHint(props.gameId, props.challengeId, body);
      notifySuccess(t(`${K}.saved`));
      props.onDone(true);
    } catch (err) {
      notifyError(err, t, t(`${K}.save_failed`));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t(`${K}.field_title`)}
          required
          maxLength={TITLE_MAX}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <MarkdownField
          label={t(`${K}.field_content`)}
          value={form.values.content}
          onChange={(content) => form.setFieldValue('content', content)}
          error={form.errors.content}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t(`${K}.field_cost_kind`)}
          </Text>
          <SegmentedControl
            aria-label={t(`${K}.field_cost_kind`)}
            data={[
              { value: 'Points', label: t(`${K}.kind_points`) },
              { value: 'Percent', label: t(`${K}.kind_percent`) },
            ]}
            {...form.getInputProps('costKind')}
          />
        </Stack>
        <NumberInput
          label={t(`${K}.field_cost`)}
          description={t(`${K}.cost_help`)}
          required
          min={0}
          max={form.values.costKind === 'Percent' ? 100 : HINT_COST_MAX}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('cost')}
        />
        <Switch
          label={t(`${K}.field_release`)}
          description={t(`${K}.release_help`)}
          {...form.getInputProps('released', { type: 'checkbox' })}
        />
        {form.values.released && (
          <DateTimeField
            aria-label={t(`${K}.field_release`)}
            value={form.values.releaseTime}
            onChange={(value) => form.setFieldValue('releaseTime', value)}
          />
        )}
        <FormActions
          submitLabel={t('admin.challenge.save.action')}
          onCancel={() => props.onDone(false)}
          busy={form.submitting}
        />
      </Stack>
    </form>
  );
}
