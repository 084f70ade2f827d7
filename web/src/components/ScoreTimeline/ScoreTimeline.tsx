import { Group, Paper, SegmentedControl, Title } from '@mantine/core';
import type { TopTimeLine } from '@pennon/sdk';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, listFormat } from '../../i18n/formats.ts';
import type { TeamLink } from '../ScoreboardTable/index.ts';
import classes from './ScoreTimeline.module.css';
import { TimelinePlot } from './TimelinePlot.tsx';
import {
  activityRange,
  RANGE_HOURS,
  rangeStart,
  seriesKey,
  type TimelineRange,
  timelineRows,
} from './timeline.ts';

const SERIES_COLORS = ['blue', 'red', 'teal', 'orange', 'grape', 'lime', 'cyan', 'pink', 'yellow', 'indigo'];
const colorOf = (index: number) => `var(--mantine-color-${SERIES_COLORS[index % SERIES_COLORS.length]}-6)`;

export interface ScoreTimelineProps {
  /** The top teams' score histories. */
  teams: TopTimeLine[];
  /** The game's start and end, Unix milliseconds. */
  start: number;
  end: number;
  height?: number;
  /** The time range shown; unset: where the activity is (activityRange). */
  range?: TimelineRange | undefined;
  /** Lets the viewer pick the range: whole game, last 24, 6 or 1 hour(s). */
  withRangeControl?: boolean;
  /** Wraps a team's name in the legend in a link to its page. */
  teamLink?: TeamLink | undefined;
}

/**
 * The top teams' scores over the game as step lines, with a legend of their colours; nothing until someone scored.
 * Memoised: the page around it re-renders on every clock tick.
 */
export const ScoreTimeline = memo(function ScoreTimeline({
  teams,
  start,
  end,
  height = 260,
  range,
  withRangeControl,
  teamLink,
}: ScoreTimelineProps) {
  const { t, i18n } = useTranslation();
  const [picked, setPicked] = useState<TimelineRange>();
  // The rows are computed once per fetch and range, not on every render (a hover redraws the readout).
  const { shown, rows, series } = useMemo(() => {
    const now = Date.now();
    const shown = picked ?? range ?? activityRange(teams, start, end, now);
    const series = teams.map((team, index) => ({ key: seriesKey(team, teams), color: colorOf(index) }));
    return { shown, rows: timelineRows(teams, rangeStart(shown, start, end, now), end, now), series };
  }, [teams, start, end, picked, range]);
  if (teams.every((team) => team.items.length === 0) || rows.length <= 1) return null;
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const timeFormat = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  // Within a day the hour is enough on the axis.
  const short = shown !== 'all' && shown <= 24;
  const tickFormat = dateTimeFormat(
    locale,
    short
      ? { hour: '2-digit', minute: '2-digit' }
      : { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  );
  const keys = series.map(({ key }) => key);
  return (
    <Paper withBorder radius="md" p="md" data-testid="score-timeline" data-range={String(shown)}>
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} size="h5">
          {t('game.scoreboard.timeline')}
        </Title>
        {withRangeControl && (
          <SegmentedControl
            size="xs"
            aria-label={t('game.scoreboard.range.label')}
            value={String(shown)}
            onChange={(value) => setPicked(value === 'all' ? 'all' : Number(value))}
            data={[
              { value: 'all', label: t('game.scoreboard.range.all') },
              ...[...RANGE_HOURS].reverse().map((hours) => ({
                value: String(hours),
                label: t('game.scoreboard.range.hours', { hours }),
              })),
            ]}
          />
        )}
      </Group>
      <TimelinePlot
        rows={rows}
        series={series}
        height={height}
        label={t('game.scoreboard.timeline_label', {
          from: timeFormat.format(rows[0]?.time),
          to: timeFormat.format(rows[rows.length - 1]?.time),
          teams: listFormat(locale, {}).format(keys),
        })}
        tickFormat={tickFormat}
        timeFormat={timeFormat}
      />
      {/* The legend is ours: its names link to the teams' pages, and a long one is cut short. */}
      <ul className={classes.legend} data-testid="timeline-legend">
        {teams.map((team, index) => (
          <li key={team.id} className={classes.entry}>
            <span
              className={classes.swatch}
              style={{ backgroundColor: series[index]?.color }}
              data-series={keys[index]}
              aria-hidden
            />
            <span className={classes.entryName} title={keys[index]}>
              {teamLink ? teamLink(team.id, keys[index]) : keys[index]}
            </span>
          </li>
        ))}
      </ul>
    </Paper>
  );
});
