import { Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import type { ParticipationInfoModel } from '@pennon/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../../../api/client.ts';
import { LoadError } from '../../../../../components/LoadError/index.ts';
import { notifyError, notifySuccess } from '../../../../../utils/notify.ts';
import { useDivisions } from '../../lib/useDivisions.ts';
import { BulkReview } from './BulkReview.tsx';
import { ParticipationCard } from './ParticipationCard.tsx';
import {
  FILTER_STATUSES,
  filterParticipations,
  NO_DIVISION,
  type ReviewFilter,
  type ReviewStatus,
  reviewBody,
  teamName,
} from './review.ts';

/** The game's participations, filtered by status and division, each with its review actions. */
export function ReviewList({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ReviewFilter>({ status: null, division: null });
  const [busy, setBusy] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const { data, error, mutate } = useSWR(['/api/game', gameId, 'participations'], () =>
    client.game.participations(gameId),
  );
  const { divisions = [] } = useDivisions(gameId);

  const review = async (
    participation: ParticipationInfoModel,
    change: { status?: ReviewStatus; divisionId?: number | null },
  ) => {
    const body = reviewBody(participation, change);
    setBusy(participation.id);
    try {
      await client.admin.updateParticipation(participation.id, body);
      const name = teamName(participation);
      notifySuccess(
        change.status
          ? t('admin.game.review.status_changed', {
              team: name,
              status: t(`game.participation.status.${change.status}`),
            })
          : t('admin.game.review.division_changed', { team: name }),
      );
      await mutate(
        (list) =>
          list?.map((p) =>
            p.id === participation.id
              ? { ...p, status: body.status ?? p.status, divisionId: body.divisionId ?? null }
              : p,
          ),
        { revalidate: true },
      );
    } catch (err) {
      notifyError(err, t, t('admin.game.review.failed'));
    } finally {
      setBusy(null);
    }
  };

  if (!data && error) return <LoadError error={error} retry={mutate} title="admin.game.review.load_failed" />;
  if (!data) return <Skeleton height={160} radius="md" />;
  const shown = filterParticipations(data, filter);
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <Select
          label={t('admin.game.review.filter_status')}
          placeholder={t('admin.game.review.all')}
          data={FILTER_STATUSES.map((status) => ({
            value: status,
            label: t(`game.participation.status.${status}`),
          }))}
          value={filter.status}
          onChange={(status) => setFilter((current) => ({ ...current, status }))}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
        {divisions.length > 0 && (
          <Select
            label={t('admin.game.review.filter_division')}
            placeholder={t('admin.game.review.all')}
            data={[
              { value: NO_DIVISION, label: t('admin.game.review.no_division') },
              ...divisions.map((d) => ({ value: String(d.id), label: d.name })),
            ]}
            value={filter.division}
            onChange={(division) => setFilter((current) => ({ ...current, division }))}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        )}
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('admin.game.review.count', { count: shown.length, total: data.length })}
        </Text>
      </Group>
      <BulkReview shown={shown} selected={selected} onSelect={setSelected} onDone={() => mutate()} />
      {shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {data.length === 0 ? t('admin.game.review.none') : t('admin.game.review.none_matching')}
        </Text>
      ) : (
        shown.map((participation) => (
          <ParticipationCard
            key={participation.id}
            participation={participation}
            divisions={divisions}
            busy={busy === participation.id}
            selected={selected.has(participation.id)}
            onSelect={(checked) =>
              setSelected((current) =>
                checked
                  ? new Set([...current, participation.id])
                  : new Set([...current].filter((id) => id !== participation.id)),
              )
            }
            onStatus={(status) => void review(participation, { status })}
            onDivision={(divisionId) => void review(participation, { divisionId })}
          />
        ))
      )}
    </Stack>
  );
}
