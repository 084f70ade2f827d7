import { Anchor, Badge, Group, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import type { ChallengeEditDetailModel } from '@pennon/sdk';
import { IconArrowLeft, IconFlag, IconListDetails } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { KeyedMutator } from 'swr';
import { LoadError } from '../../../../../../components/LoadError/index.ts';
import { GameAdminPage } from '../../../lib/GameAdminPage.tsx';
import { useAdminChallenge, useChallengeIdParam } from './useAdminChallenges.ts';

export interface ChallengeEditContext {
  gameId: number;
  challenge: ChallengeEditDetailModel;
  mutate: KeyedMutator<ChallengeEditDetailModel>;
}

type ChallengeTab = 'detail' | 'flags';

/** The frame of a challenge's admin pages: the game's frame, the challenge's name and type, tabs between its pages. */
export function ChallengeEditPage({
  tab,
  children,
}: {
  tab: ChallengeTab;
  children: (context: ChallengeEditContext) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <GameAdminPage title={t(tab === 'detail' ? 'page.admin.challenge.detail' : 'page.admin.challenge.flags')}>
      {(gameId) => <ChallengeFrame gameId={gameId} tab={tab} render={children} />}
    </GameAdminPage>
  );
}

function ChallengeFrame({
  gameId,
  tab,
  render,
}: {
  gameId: number;
  tab: ChallengeTab;
  render: (context: ChallengeEditContext) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const challengeId = useChallengeIdParam();
  const { challenge, error, mutate } = useAdminChallenge(gameId, challengeId);
  const base = `/admin/games/${gameId}/challenges`;
  const back = (
    <Anchor component={Link} to={base} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('admin.challenge.back')}
      </Group>
    </Anchor>
  );

  if (Number.isNaN(challengeId) || (!challenge && error)) {
    return (
      <Stack gap="sm">
        {back}
        <LoadError
          error={error ?? new Error(t('admin.challenge.not_found'))}
          retry={() => mutate()}
          title="admin.challenge.load_failed"
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {back}
      {challenge ? (
        <Group gap="xs" wrap="wrap">
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {challenge.title}
          </Title>
          <Badge variant="light" color="gray">
            {t(`admin.challenge.type.${challenge.type}`)}
          </Badge>
          <Badge
            variant="light"
            color={challenge.isEnabled ? 'teal' : 'gray'}
            data-testid="challenge-enabled"
          >
            {t(challenge.isEnabled ? 'admin.challenge.state.enabled' : 'admin.challenge.state.disabled')}
          </Badge>
        </Group>
      ) : (
        <Skeleton height={32} width="40%" />
      )}
      <Tabs
        value={tab}
        onChange={(value) => value && navigate(`${base}/${challengeId}${value === 'flags' ? '/Flags' : ''}`)}
      >
        <Tabs.List>
          <Tabs.Tab value="detail" leftSection={<IconListDetails size={16} />}>
            {t('page.admin.challenge.detail')}
          </Tabs.Tab>
          <Tabs.Tab value="flags" leftSection={<IconFlag size={16} />}>
            {t('page.admin.challenge.flags')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {/* Keyed by challenge: forms start afresh from another challenge's data. */}
      {challenge ? (
        <Fragment key={challenge.id}>{render({ gameId, challenge, mutate })}</Fragment>
      ) : (
        <Skeleton height={240} />
      )}
    </Stack>
  );
}
