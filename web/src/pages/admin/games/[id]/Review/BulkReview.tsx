import { Alert, Button, Checkbox, Group, List, Progress, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { errorMessage, type ParticipationInfoModel } from '@pennon/sdk';
import { IconBan, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../../api/client.ts';
import { listFormat } from '../../../../../i18n/formats.ts';
import { notifySuccess } from '../../../../../utils/notify.ts';
import { type BulkFailure, type ReviewStatus, reviewAll, teamName } from './review.ts';

const BULK = [
  { status: 'Accepted', key: 'accept', color: 'teal', icon: <IconCheck size={16} /> },
  { status: 'Rejected', key: 'reject', color: 'red', icon: <IconBan size={16} /> },
] as const;

/**
 * Selecting the shown participations and accepting or rejecting them together, after a confirmation naming how
 * many: a few at a time (review.ts), with the progress shown and each failure listed with its reason.
 */
export function BulkReview({
  shown,
  selected,
  onSelect,
  onDone,
}: {
  shown: ParticipationInfoModel[];
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
  /** After a bulk action, to read the list again. */
  onDone: () => unknown;
}) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failures, setFailures] = useState<{ list: BulkFailure[]; total: number } | null>(null);
  const chosen = shown.filter((p) => selected.has(p.id));
  const all = shown.length > 0 && chosen.length === shown.length;

  const run = async (targets: ParticipationInfoModel[], status: ReviewStatus) => {
    setFailures(null);
    setProgress({ done: 0, total: targets.length });
    const failed = await reviewAll(
      targets,
      status,
      (body) => client.admin.reviewParticipations(body),
      (done) => setProgress({ done, total: targets.length }),
    );
    setProgress(null);
    const updated = targets.length - failed.length;
    if (updated > 0) notifySuccess(t('admin.game.review.bulk_done', { count: updated }));
    if (failed.length > 0) setFailures({ list: failed, total: targets.length });
    onSelect(new Set(failed.map((f) => f.participation.id)));
    await onDone();
  };

  const confirm = (action: (typeof BULK)[number]) => {
    const targets = chosen.filter((p) => p.status !== action.status);
    modals.openConfirmModal({
      title: t(`admin.game.review.bulk_${action.key}_title`, { count: targets.length }),
      centered: true,
      children: (
        <Text size="sm">
          {t('admin.game.review.bulk_message', {
            status: t(`game.participation.status.${action.status}`),
            teams: listFormat(i18n.resolvedLanguage ?? i18n.language, { type: 'conjunction' }).format(
              targets.map(teamName),
            ),
          })}
        </Text>
      ),
      labels: { confirm: t(`admin.game.review.${action.key}`), cancel: t('common.button.cancel') },
      confirmProps: { color: action.color },
      onConfirm: () => void run(targets, action.status),
    });
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Checkbox
          label={t('admin.game.review.select_all')}
          checked={all}
          indeterminate={chosen.length > 0 && !all}
          disabled={shown.length === 0 || progress !== null}
          onChange={() => onSelect(new Set(all ? [] : shown.map((p) => p.id)))}
        />
        <Text size="sm" c="dimmed">
          {t('admin.game.review.selected', { count: chosen.length })}
        </Text>
        {BULK.map((action) => (
          <Button
            key={action.key}
            size="xs"
            variant="light"
            color={action.color}
            leftSection={action.icon}
            disabled={progress !== null || !chosen.some((p) => p.status !== action.status)}
            onClick={() => confirm(action)}
          >
            {t(`admin.game.review.bulk_${action.key}`)}
          </Button>
        ))}
      </Group>
      {progress && (
        <Stack gap={4}>
          <Progress value={(progress.done / progress.total) * 100} animated aria-hidden />
          <Text size="sm" aria-live="polite">
            {t('admin.game.review.bulk_progress', progress)}
          </Text>
        </Stack>
      )}
      {failures && (
        <Alert
          color="red"
          variant="light"
          withCloseButton
          onClose={() => setFailures(null)}
          title={t('admin.game.review.bulk_failed', { failed: failures.list.length, total: failures.total })}
        >
          <List size="sm">
            {failures.list.map(({ participation, error }) => (
              <List.Item key={participation.id}>
                {t('admin.game.review.bulk_item_failed', {
                  team: teamName(participation),
                  error: errorMessage(error, t),
                })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
