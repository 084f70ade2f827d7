import { Stack, Text } from '@mantine/core';
import { ChallengeCard } from '../../../web/src/components/ChallengeCard/index.ts';
import { FrozenBoard } from '../../../web/src/components/FrozenBoard/index.ts';
import { flattenChallenges } from '../../../web/src/pages/games/lib/logic.ts';
import { parseId } from '../attributes.ts';
import { useTranslation } from '../i18n/react-i18next.tsx';
import { CHALLENGE_CARD_TAG } from '../types.ts';
import type { WidgetProps } from './define.ts';
import { LoadState } from './LoadState.tsx';
import { useAnnouncedSolves } from './useAnnouncedSolves.ts';
import { WidgetFrame, type WidgetPlace } from './WidgetFrame.tsx';

export const CHALLENGE_CARD_ATTRIBUTES = ['server', 'game', 'challenge', 'colorScheme', 'locale'] as const;

function ChallengeCardView({ place, challengeId }: { place: WidgetPlace; challengeId: number }) {
  const { t } = useTranslation();
  const { state } = useAnnouncedSolves(place, { challengeId });
  if (!state.scoreboard) return <LoadState error={state.error} failed="game.challenge.load_failed" />;
  // The scoreboard carries every visible challenge's public data: its score, solves and bloods.
  const challenge = flattenChallenges(state.scoreboard.challenges).find((item) => item.id === challengeId);
  if (!challenge) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        {t('widgets.challenge.missing')}
      </Text>
    );
  }
  const { frozen } = state.scoreboard;
  return (
    <Stack gap="xs">
      {frozen && <FrozenBoard frozen={frozen} short />}
      <ChallengeCard challenge={challenge} solved={false} withCategory />
    </Stack>
  );
}

/** `<pennon-challenge-card>`: one challenge's title, category, current score, solves and first solvers. */
export function PennonChallengeCard(props: WidgetProps) {
  const challengeId = parseId(props.challenge);
  return (
    <WidgetFrame props={props} tag={CHALLENGE_CARD_TAG}>
      {(place) => challengeId !== undefined && <ChallengeCardView place={place} challengeId={challengeId} />}
    </WidgetFrame>
  );
}
