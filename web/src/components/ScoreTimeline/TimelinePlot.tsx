import { Paper, Text } from '@mantine/core';
import { scaleLinear, scaleTime } from 'd3-scale';
import { curveStepAfter, line } from 'd3-shape';
import { type PointerEvent, useMemo, useState } from 'react';
import { useNumberFormat } from '../../i18n/useNumberFormat.ts';
import classes from './ScoreTimeline.module.css';
import { type TimelineRow, timeTicks } from './timeline.ts';
import { useWidth } from './useWidth.ts';

export interface TimelineSeries {
  key: string;
  /** A CSS colour, the legend swatch's. */
  color: string;
}

export interface TimelinePlotProps {
  rows: TimelineRow[];
  series: TimelineSeries[];
  height: number;
  /** Names the chart for assistive technology. */
  label: string;
  tickFormat: Intl.DateTimeFormat;
  timeFormat: Intl.DateTimeFormat;
}

const FONT_SIZE = 11;
/** A character's width at FONT_SIZE, roughly: the y axis is as wide as its longest score. */
const CHAR_WIDTH = 7;
const LABEL_GAP = 12;
const BOTTOM = 20;
const TOP = 8;
const RIGHT = 12;

/**
 * The step lines of the teams' scores over time, drawn as plain SVG: axes, grid, one path per series, and a readout
 * of every score at the moment under the pointer (a hover, or a tap on a phone).
 */
export function TimelinePlot({ rows, series, height, label, tickFormat, timeFormat }: TimelinePlotProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const formatNumber = useNumberFormat();
  // The pointer's time; the readout shows the scores of the last row at or before it.
  const [hovered, setHovered] = useState<number>();
  // Nothing to draw before the width is known (the first render, measured before the paint): the lines are made once.
  const plot = useMemo(() => {
    if (width === 0) return undefined;
    const first = rows[0]?.time ?? 0;
    const last = rows[rows.length - 1]?.time ?? first;
    const top = Math.max(0, ...rows.flatMap((row) => series.map(({ key }) => row[key] ?? 0)));
    const y = scaleLinear()
      .domain([0, top || 1])
      .nice(5);
    const scoreTicks = y.ticks(5);
    const left = Math.max(...scoreTicks.map((tick) => formatNumber(tick).length)) * CHAR_WIDTH + 8;
    y.range([height - BOTTOM, TOP]);
    const x = scaleTime()
      .domain([first, last])
      .range([left, Math.max(left + 1, width - RIGHT)]);
    const paths = series.map(({ key }) =>
      line<TimelineRow>()
        .x((row) => x(row.time))
        .y((row) => y(row[key] ?? 0))
        .curve(curveStepAfter)(rows),
    );
    // As many time labels as fit side by side, each kept whole inside the chart (one near an edge moves in).
    const labelWidth = tickFormat.format(last).length * CHAR_WIDTH;
    const fit = Math.max(1, Math.floor((width - left - RIGHT) / (labelWidth + LABEL_GAP)));
    const labels: { time: number; text: string; at: number }[] = [];
    for (const time of timeTicks(first, last, fit)) {
      const at = Math.min(Math.max(x(time), labelWidth / 2), width - labelWidth / 2);
      const previous = labels[labels.length - 1];
      if (!previous || at - previous.at >= labelWidth + LABEL_GAP)
        labels.push({ time, text: tickFormat.format(time), at });
    }
    return { x, y, left, scoreTicks, labels, paths };
  }, [rows, series, height, width, tickFormat, formatNumber]);

  if (!plot) return <div ref={ref} className={classes.plot} style={{ height }} />;
  const { x, y, left } = plot;

  const point = (event: PointerEvent<SVGSVGElement>) => {
    const bounds = event.currentTarget.getBoundingClientRect();
    const at = Math.min(Math.max(event.clientX - bounds.left, left), width - RIGHT);
    setHovered(x.invert(at).getTime());
  };
  const row = hovered === undefined ? undefined : rows.findLast((candidate) => candidate.time <= hovered);
  const guide = hovered === undefined ? 0 : x(hovered);

  return (
    <div ref={ref} className={classes.plot} style={{ height }}>
      <svg
        role="img"
        aria-label={label}
        width={width}
        height={height}
        className={classes.svg}
        onPointerDown={point}
        onPointerMove={point}
        // A finger lifted leaves the readout up; a mouse taken away takes it down.
        onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(undefined)}
      >
        <g fontSize={FONT_SIZE} fill="var(--mantine-color-dimmed)">
          {plot.scoreTicks.map((tick) => (
            <g key={tick} transform={`translate(0,${y(tick)})`}>
              <line x1={left} x2={width - RIGHT} stroke="var(--mantine-color-default-border)" />
              <text x={left - 6} dy="0.32em" textAnchor="end">
                {formatNumber(tick)}
              </text>
            </g>
          ))}
          {plot.labels.map(({ time, text, at }) => (
            <text key={time} x={at} y={height - 4} textAnchor="middle">
              {text}
            </text>
          ))}
        </g>
        {series.map(({ key, color }, index) => (
          <path
            key={key}
            d={plot.paths[index] ?? ''}
            fill="none"
            stroke={color}
            strokeWidth={2}
            data-testid="timeline-line"
            data-series={key}
          />
        ))}
        {row && (
          <line
            x1={guide}
            x2={guide}
            y1={TOP}
            y2={height - BOTTOM}
            stroke="var(--mantine-color-dimmed)"
            strokeDasharray="3 3"
          />
        )}
      </svg>
      {row && hovered !== undefined && (
        <Paper
          withBorder
          shadow="sm"
          p={6}
          className={classes.readout}
          data-testid="timeline-readout"
          // Beside the guide, on the side with more room.
          style={guide > width / 2 ? { right: width - guide + 8 } : { left: guide + 8 }}
        >
          <Text size="xs" fw={600}>
            {timeFormat.format(hovered)}
          </Text>
          {series.map(({ key, color }) => (
            <div key={key} className={classes.readoutEntry}>
              <span className={classes.swatch} style={{ backgroundColor: color }} />
              <span className={classes.entryName}>{key}</span>
              <span className={classes.readoutScore}>{formatNumber(row[key] ?? 0)}</span>
            </div>
          ))}
        </Paper>
      )}
    </div>
  );
}
