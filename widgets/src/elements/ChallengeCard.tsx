import { Text } from '@mantine/core';
import { useCallback } from 'react';
import { ChallengeCard } from '../../../web/src/components/ChallengeCard/index.ts';
import { flattenChallenges } from '../../../web/src/pages/games/lib/logic.ts';
import { parseId } from '../attributes.ts';
import { emitSolve } from '../events.ts';
import { useTranslation } from '../i18n/react-i18next.tsx';
import { useGameFeed } from '../live/useGameFeed.ts';
import { CHALLENGE_CARD_TAG, type SolveDetail } from '../types.ts';
import type { WidgetProps } from './define.ts';
import { LoadState } from './LoadState.tsx';
import { useFreshTeams } from './useFreshTeams.ts';
import { WidgetFrame } from './WidgetFrame.tsx';

export const CHALLENGE_CARD_ATTRIBUTES = ['server', 'game', 'challenge', 'colorScheme', 'locale'] as const;

function ChallengeCardView(props: {
  server: string;
  gameId: number;
  host: HTMLElement;
  challengeId: number;
}) {
  const { server, gameId, host, challengeId } = props;
  const { t } = useTranslation();
  const { feed, state } = useGameFeed(server, gameId);
  const accept = useCallback((solve: SolveDetail) => solve.challengeId === challengeId, [challengeId]);
  const announce = useCallback((solve: SolveDetail) => emitSolve(host, solve), [host]);
  useFreshTeams(feed, accept, announce);
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
  return <ChallengeCard challenge={challenge} solved={false} withCategory />;
}

/** `<pennon-challenge-card>`: one challenge's title, category, current score, solves and first solvers. */
export function PennonChallengeCard(props: WidgetProps) {
  const challengeId = parseId(props.challenge);
  return (
    <WidgetFrame props={props} tag={CHALLENGE_CARD_TAG}>
      {(server, gameId, host) =>
        challengeId !== undefined && (
          <ChallengeCardView server={server} gameId={gameId} host={host} challengeId={challengeId} />
        )
      }
    </WidgetFrame>
  );
}
