import { Anchor, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { FrozenBoard } from '../../../web/src/components/FrozenBoard/index.ts';
import {
  type ScoreboardColumns,
  ScoreboardTable,
  type TeamLink,
} from '../../../web/src/components/ScoreboardTable/index.ts';
import type { TimelineRange } from '../../../web/src/components/ScoreTimeline/timeline.ts';
import { flattenChallenges } from '../../../web/src/pages/games/lib/logic.ts';
import { parseColumns, parseFlag, parseId, parseRange, parseRows } from '../attributes.ts';
import { useTranslation } from '../i18n/react-i18next.tsx';
import { SCOREBOARD_TAG } from '../types.ts';
import type { WidgetProps } from './define.ts';
import { LoadState } from './LoadState.tsx';
import { useAnnouncedSolves } from './useAnnouncedSolves.ts';
import { WidgetFrame, type WidgetPlace } from './WidgetFrame.tsx';
import { WidgetHeader } from './WidgetHeader.tsx';
import './scoreboard.css';

// The chart and its charting library load only for `chart` scoreboards (their own chunk in the ES module).
const ScoreTimeline = lazy(async () => ({
  default: (await import('../../../web/src/components/ScoreTimeline/index.ts')).ScoreTimeline,
}));

export const SCOREBOARD_ATTRIBUTES = [
  'server',
  'game',
  'division',
  'rows',
  'colorScheme',
  'locale',
  'compact',
  'chart',
  'columns',
  'range',
] as const;

interface ScoreboardViewProps {
  place: WidgetPlace;
  /** 0: every team, ranked overall. */
  division: number;
  rows: number;
  compact: boolean;
  columns: ScoreboardColumns;
  chart: boolean;
  range: TimelineRange | undefined;
}

function ScoreboardView(props: ScoreboardViewProps) {
  const { place, division, rows, compact, columns, chart, range } = props;
  const { server, gameId } = place;
  const { t } = useTranslation();
  const { state, fresh } = useAnnouncedSolves(place, { division });
  const board = state.scoreboard;
  const challenges = useMemo(() => flattenChallenges(board?.challenges), [board]);

  const divisionName = board?.divisions.find((item) => item.id === division)?.name;
  const title = [state.game?.title ?? t('widgets.scoreboard.title'), divisionName]
    .filter(Boolean)
    .join(' · ');
  const items = (board?.items ?? []).filter((item) => division === 0 || item.divisionId === division);
  const timeline = board?.timelines.find((line) => line.divisionId === division)?.teams ?? [];
  // A visitor of the site goes on to the team's page on the platform, in a tab of its own, as with the full
  // scoreboard below: the site keeps its page, and the name says where it leads.
  const teamLink = useCallback<TeamLink>(
    (teamId, name) => (
      <Anchor
        href={`${server}/games/${gameId}/teams/${teamId}`}
        target="_blank"
        rel="noopener noreferrer"
        inherit
        c="inherit"
        underline="hover"
      >
        {name}
      </Anchor>
    ),
    [server, gameId],
  );

  return (
    <Stack gap="sm" p={compact ? 'xs' : 'sm'}>
      <WidgetHeader title={title} live={state.live} />
      {!board ? (
        <LoadState error={state.error} failed="game.scoreboard.load_failed" />
      ) : (
        <>
          {board.frozen && <FrozenBoard frozen={board.frozen} short={compact} />}
          {chart && state.game && (
            <Suspense fallback={null}>
              <ScoreTimeline
                teams={timeline}
                start={state.game.start}
                end={state.game.end}
                height={compact ? 160 : 240}
                range={range}
                teamLink={teamLink}
              />
            </Suspense>
          )}
          {items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('game.scoreboard.empty.title')}
            </Text>
          ) : (
            <ScoreboardTable
              items={items.slice(0, rows)}
              challenges={challenges}
              divisionId={division}
              columns={columns}
              highlighted={fresh}
              teamLink={teamLink}
              tips="title"
            />
          )}
        </>
      )}
      <Group justify="space-between" gap="xs">
        <Anchor
          href={`${server}/games/${gameId}/Scoreboard`}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
        >
          {t('widgets.scoreboard.full')}
        </Anchor>
        <Anchor
          href={`${server}/api/game/${gameId}/ctftime`}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          c="dimmed"
          data-testid="ctftime-feed"
        >
          {t('widgets.scoreboard.ctftime')}
        </Anchor>
      </Group>
    </Stack>
  );
}

/** `<pennon-scoreboard>`: the ranked teams of a game (or of one division), live. */
export function PennonScoreboard(props: WidgetProps) {
  const compact = parseFlag(props.compact);
  return (
    <WidgetFrame props={props} tag={SCOREBOARD_TAG}>
      {(place) => (
        <ScoreboardView
          place={place}
          division={parseId(props.division) ?? 0}
          rows={parseRows(props.rows, 10)}
          compact={compact}
          columns={parseColumns(props.columns) ?? (compact ? 'compact' : 'fold')}
          chart={parseFlag(props.chart)}
          range={parseRange(props.range)}
        />
      )}
    </WidgetFrame>
  );
}
