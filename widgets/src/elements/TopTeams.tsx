import { Stack, Text } from '@mantine/core';
import { FrozenBoard } from '../../../web/src/components/FrozenBoard/index.ts';
import { useNumberFormat } from '../../../web/src/i18n/useNumberFormat.ts';
import { parseId, parseRows } from '../attributes.ts';
import { useTranslation } from '../i18n/react-i18next.tsx';
import { TOP_TEAMS_TAG } from '../types.ts';
import type { WidgetProps } from './define.ts';
import { LoadState } from './LoadState.tsx';
import { useAnnouncedSolves } from './useAnnouncedSolves.ts';
import { WidgetFrame, type WidgetPlace } from './WidgetFrame.tsx';
import { WidgetHeader } from './WidgetHeader.tsx';

export const TOP_TEAMS_ATTRIBUTES = ['server', 'game', 'division', 'count', 'colorScheme', 'locale'] as const;

function TopTeamsView({ place, division, count }: { place: WidgetPlace; division: number; count: number }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const { state, fresh } = useAnnouncedSolves(place, { division });
  const board = state.scoreboard;
  const teams = (board?.items ?? [])
    .filter((item) => division === 0 || item.divisionId === division)
    .slice(0, count);

  return (
    <Stack gap="xs" className="pennon-body">
      <WidgetHeader title={state.game?.title ?? t('widgets.top.title')} live={state.live} />
      {board?.frozen && <FrozenBoard frozen={board.frozen} short />}
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
                <td>{format(division === 0 ? team.rank : (team.divisionRank ?? team.rank))}</td>
                <td title={team.name}>{team.name}</td>
                <td>{format(team.score)}</td>
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
      {(place) => (
        <TopTeamsView
          place={place}
          division={parseId(props.division) ?? 0}
          count={Math.min(parseRows(props.count, 10), 100)}
        />
      )}
    </WidgetFrame>
  );
}
