import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Paper, Title } from '@mantine/core';
import type { TopTimeLine } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';
import { seriesKey, timelineRows } from './timeline.ts';

const SERIES_COLORS = ['blue', 'red', 'teal', 'orange', 'grape', 'lime', 'cyan', 'pink', 'yellow', 'indigo'];

export interface ScoreTimelineProps {
  /** The top teams' score histories. */
  teams: TopTimeLine[];
  /** The game's start and end, Unix milliseconds. */
  start: number;
  end: number;
  height?: number;
}

/** The top teams' scores over the game as step lines; nothing until someone scored. */
export function ScoreTimeline({ teams, start, end, height = 260 }: ScoreTimelineProps) {
  const { t, i18n } = useTranslation();
  const rows = teams.length > 0 ? timelineRows(teams, start, end) : [];
  if (rows.length <= 1) return null;
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const timeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  const tickFormat = new Intl.DateTimeFormat(locale, {
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h5" mb="sm">
        {t('game.scoreboard.timeline')}
      </Title>
      <LineChart
        h={height}
        data={rows}
        dataKey="time"
        series={teams.map((team, index) => ({
          name: seriesKey(team, teams),
          color: `${SERIES_COLORS[index % SERIES_COLORS.length]}.6`,
        }))}
        curveType="stepAfter"
        withDots={false}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        xAxisProps={{
          type: 'number',
          scale: 'time',
          domain: ['dataMin', 'dataMax'],
          tickFormatter: (value: number) => tickFormat.format(value),
        }}
        tooltipProps={{
          labelFormatter: (value: unknown) =>
            typeof value === 'number' ? timeFormat.format(value) : String(value),
        }}
      />
    </Paper>
  );
}
