import { Button, Group, Select, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type ChallengeCategory, ChallengeCategoryValues, type ChallengeInfoModel } from '@pennon/sdk';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { client } from '../../../../../api/client.ts';
import { LoadError } from '../../../../../components/LoadError/index.ts';
import { notifyError, notifySuccess } from '../../../../../utils/notify.ts';
import { categoryStyle } from '../../../../games/lib/categories.tsx';
import { confirmAction } from '../../../lib/confirmAction.tsx';
import { GameAdminPage } from '../../lib/GameAdminPage.tsx';
import { ChallengeRow } from './lib/ChallengeRow.tsx';
import { CreateChallengeModal } from './lib/CreateChallengeModal.tsx';
import { useAdminChallenges, useSolveCounts } from './lib/useAdminChallenges.ts';

/** /admin/games/{id}/challenges: the game's challenges by category, to enable, create, open and delete. */
export default function AdminChallengesPage() {
  const { t } = useTranslation();
  return (
    <GameAdminPage title={t('page.admin.game.challenges')}>
      {(gameId) => <ChallengeList gameId={gameId} />}
    </GameAdminPage>
  );
}

/** The challenges in category order, each category's in id order (the order they were made). */
const groupByCategory = (challenges: ChallengeInfoModel[]) =>
  ChallengeCategoryValues.map((category) => ({
    category,
    challenges: challenges.filter((c) => c.category === category),
  })).filter((group) => group.challenges.length > 0);

function ChallengeList({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { challenges, error, mutate } = useAdminChallenges(gameId);
  const { counts: solves, recount } = useSolveCounts(gameId);
  const [recounting, setRecounting] = useState(false);
  const [filter, setFilter] = useState<ChallengeCategory | null>(null);
  const [creating, setCreating] = useState(false);
  const [toggling, setToggling] = useState<number | null>(null);
  const groups = useMemo(() => groupByCategory(challenges ?? []), [challenges]);
  const titles = useMemo(() => new Map((challenges ?? []).map((c) => [c.id, c.title])), [challenges]);

  const toggle = async (challenge: ChallengeInfoModel, isEnabled: boolean) => {
    setToggling(challenge.id);
    try {
      await client.edit.updateChallenge(gameId, challenge.id, { isEnabled });
      await mutate((list) => list?.map((c) => (c.id === challenge.id ? { ...c, isEnabled } : c)), {
        revalidate: true,
      });
    } catch (err) {
      notifyError(
        err,
        t,
        t(isEnabled ? 'admin.challenge.list.enable_failed' : 'admin.challenge.list.disable_failed'),
      );
    } finally {
      setToggling(null);
    }
  };

  const recountSolves = async () => {
    setRecounting(true);
    try {
      await recount();
      notifySuccess(t('admin.challenge.list.recount_done'));
    } catch (err) {
      notifyError(err, t, t('admin.challenge.list.recount_failed'));
    } finally {
      setRecounting(false);
    }
  };

  const remove = (challenge: ChallengeInfoModel) =>
    confirmAction(t, {
      title: t('admin.challenge.delete.title'),
      message: t('admin.challenge.delete.message', { title: challenge.title }),
      subject: {
        id: challenge.id,
        detail: t(`game.category.${challenge.category}`, { defaultValue: challenge.category }),
      },
      label: t('admin.challenge.delete.action'),
      run: () => client.edit.deleteChallenge(gameId, challenge.id),
      done: t('admin.challenge.delete.done', { title: challenge.title }),
      failed: t('admin.challenge.delete.failed'),
      after: () => mutate(),
    });

  if (!challenges && error) {
    return <LoadError error={error} retry={() => mutate()} title="admin.challenge.load_failed" />;
  }

  const shown = filter ? groups.filter((group) => group.category === filter) : groups;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label={t('admin.challenge.list.filter')}
          placeholder={t('admin.challenge.list.all')}
          data={groups.map(({ category, challenges: list }) => ({
            value: category,
            label: `${t(`game.category.${category}`, { defaultValue: category })} (${list.length})`,
          }))}
          value={filter}
          onChange={(value) => setFilter(value as ChallengeCategory | null)}
          clearable
          w={{ base: '100%', xs: 240 }}
        />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={recounting}
            onClick={() => void recountSolves()}
          >
            {t('admin.challenge.list.recount')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('admin.challenge.create.open')}
          </Button>
        </Group>
      </Group>

      {!challenges ? (
        <Stack gap="xs" aria-busy>
          <Skeleton height={64} />
          <Skeleton height={64} />
        </Stack>
      ) : shown.length === 0 ? (
        <Text c="dimmed">{t('admin.challenge.list.empty')}</Text>
      ) : (
        shown.map(({ category, challenges: list }) => {
          const { icon: Icon, color } = categoryStyle(category);
          return (
            <Stack key={category} gap="xs" component="section" aria-label={t(`game.category.${category}`)}>
              <Group gap="xs">
                <ThemeIcon variant="transparent" color={color} aria-hidden>
                  <Icon size={20} />
                </ThemeIcon>
                <Title order={2} size="h4">
                  {t(`game.category.${category}`, { defaultValue: category })}
                </Title>
              </Group>
              {list.map((challenge) => (
                <ChallengeRow
                  key={challenge.id}
                  gameId={gameId}
                  challenge={challenge}
                  titles={titles}
                  solves={solves.get(challenge.id)}
                  toggling={toggling === challenge.id}
                  onToggle={(enabled) => void toggle(challenge, enabled)}
                  onDelete={() => remove(challenge)}
                />
              ))}
            </Stack>
          );
        })
      )}

      <CreateChallengeModal
        gameId={gameId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(challenge) => {
          setCreating(false);
          void mutate();
          void navigate(`/admin/games/${gameId}/challenges/${challenge.id}`);
        }}
      />
    </Stack>
  );
}
