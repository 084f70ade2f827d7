// The score timeline as chart rows: one row per moment any top team scored, each team's cumulative
// score carried forward between its own solves; and the time range the chart shows.
import type { TopTimeLine } from '@pennon/sdk';

export interface TimelineRow {
  time: number;
  [team: string]: number;
}

/** The whole game, or its last so many hours (up to now, or to the end of a game that is over). */
export type TimelineRange = 'all' | number;

/** The ranges the web client offers, narrowest first. */
export const RANGE_HOURS = [1, 6, 24] as const;

const HOUR = 3600_000;

/** Series keys are the team names; two teams of one name are told apart by their id. */
export const seriesKey = (team: TopTimeLine, all: TopTimeLine[]): string =>
  all.filter((other) => other.name === team.name).length > 1 ? `${team.name} #${team.id}` : team.name;

/** Where the chart's time axis begins for a range. */
export const rangeStart = (range: TimelineRange, start: number, end: number, now: number): number =>
  range === 'all' ? start : Math.max(start, Math.min(now, end) - range * HOUR);

/**
 * Where the activity is: the narrowest of the offered ranges that holds every score of the game, or the whole
 * game (also when the game is no longer than the range anyway).
 */
export const activityRange = (
  teams: TopTimeLine[],
  start: number,
  end: number,
  now: number,
): TimelineRange => {
  const times = teams.flatMap((team) => team.items.map((item) => item.time)).filter((time) => time >= start);
  if (times.length === 0) return 'all';
  const first = Math.min(...times);
  const last = Math.min(now, end);
  for (const hours of RANGE_HOURS) {
    if (last - start <= hours * HOUR) return 'all';
    if (first >= last - hours * HOUR) return hours;
  }
  return 'all';
};

/** The rows from `from` on: the first carries each team's score at that moment. */
export const timelineRows = (
  teams: TopTimeLine[],
  from: number,
  end: number,
  now = Date.now(),
): TimelineRow[] => {
  const keys = teams.map((team) => seriesKey(team, teams));
  const histories = teams.map((team) => [...team.items].sort((a, b) => a.time - b.time));
  const times = [...new Set([from, ...histories.flatMap((items) => items.map((item) => item.time))])]
    .filter((time) => time >= from)
    .sort((a, b) => a - b);
  // One pass along each team's history: the rows are in time order.
  const next = teams.map(() => 0);
  const scores = teams.map(() => 0);
  const rows = times.map((time) => {
    const row: TimelineRow = { time };
    histories.forEach((items, index) => {
      let cursor = next[index] as number;
      while (cursor < items.length && (items[cursor]?.time as number) <= time) {
        scores[index] = items[cursor]?.score as number;
        cursor += 1;
      }
      next[index] = cursor;
      row[keys[index] as string] = scores[index] as number;
    });
    return row;
  });
  // A last point at "now" (or the end) keeps the lines running to the right edge.
  const last = Math.min(now, end);
  const tail = rows[rows.length - 1];
  if (tail && last > tail.time) rows.push({ ...tail, time: last });
  return rows;
};

const MINUTE = 60_000;
const TICK_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10080].map(
  (minutes) => minutes * MINUTE,
);

/**
 * At most `count` round moments between `from` and `to` (every 10 minutes, 6 hours, a day… in local time) for the
 * time axis: as many as its labels have room for.
 */
export const timeTicks = (from: number, to: number, count = 4): number[] => {
  const step = TICK_STEPS.find((candidate) => (to - from) / candidate <= count) ?? (to - from) / count;
  const offset = -new Date(from).getTimezoneOffset() * MINUTE;
  const ticks: number[] = [];
  for (let tick = Math.ceil((from + offset) / step) * step - offset; tick <= to; tick += step)
    ticks.push(tick);
  return ticks;
};
