import { Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { parseId, parseRows } from '../attributes.ts';
import { emitSolve } from '../events.ts';
import { useTranslation } from '../i18n/react-i18next.tsx';
import { useGameFeed } from '../live/useGameFeed.ts';
import { type SolveDetail, TOP_TEAMS_TAG } from '../types.ts';
import type { WidgetProps } from './define.ts';
import { LoadState } from './LoadState.tsx';
import { useFreshTeams } from './useFreshTeams.ts';
import { WidgetFrame } from './WidgetFrame.tsx';
import { WidgetHeader } from './WidgetHeader.tsx';

export const TOP_TEAMS_ATTRIBUTES = ['server', 'game', 'division', 'count', 'colorScheme', 'locale'] as const;

function TopTeamsView(props: {
  server: string;
  gameId: number;
  host: HTMLElement;
  division: number;
  count: number;
}) {
  const { server, gameId, host, division, count } = props;
  const { t, i18n } = useTranslation();
  const { feed, state } = useGameFeed(server, gameId);
  const accept = useCallback(
    (solve: SolveDetail) => division === 0 || solve.divisionId === division,
    [division],
  );
  const announce = useCallback((solve: SolveDetail) => emitSolve(host, solve), [host]);
  const fresh = useFreshTeams(feed, accept, announce);
  const board = state.scoreboard;
  const teams = (board?.items ?? [])
    .filter((item) => division === 0 || item.divisionId === division)
    .slice(0, count);
  const score = new Intl.NumberFormat(i18n.language);

  return (
    <Stack gap="xs" className="pennon-body">
      <WidgetHeader title={state.game?.title ?? t('widgets.top.title')} live={state.live} />
      {!board ? (
        <LoadState error={state.error} failed="game.scoreboard.load_failed" />
      ) : teams.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('game.scoreboard.empty.title')}
        </Text>
      ) : (
        <table className="pennon-top-teams-table" data-testid="top-teams">
          <colgroup>
            <col className="pennon-top-teams-rank" />
            <col />
            <col className="pennon-top-teams-score" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{t('game.scoreboard.rank')}</th>
              <th scope="col">{t('game.scoreboard.team')}</th>
              <th scope="col">{t('game.scoreboard.score')}</th>
            </tr>
          </thead>
          <tbody>
            {teams.map((team) => (
              <tr key={team.id} data-fresh={fresh.has(team.id) || undefined}>
                <td>{division === 0 ? team.rank : (team.divisionRank ?? team.rank)}</td>
                <td title={team.name}>{team.name}</td>
                <td>{score.format(team.score)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Stack>
  );
}

/** `<pennon-top-teams>`: the leading teams only (rank, name, score), live: a stream overlay's leaderboard. */
export function PennonTopTeams(props: WidgetProps) {
  return (
    <WidgetFrame props={props} tag={TOP_TEAMS_TAG}>
      {(server, gameId, host) => (
        <TopTeamsView
          server={server}
          gameId={gameId}
          host={host}
          division={parseId(props.division) ?? 0}
          count={Math.min(parseRows(props.count, 10), 100)}
        />
      )}
    </WidgetFrame>
  );
}
