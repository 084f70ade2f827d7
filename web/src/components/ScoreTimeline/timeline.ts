// The score timeline as chart rows: one row per moment any top team scored, each team's cumulative
// score carried forward between its own solves.
import type { TopTimeLine } from '@pennon/sdk';

export interface TimelineRow {
  time: number;
  [team: string]: number;
}

/** Series keys are the team names; two teams of one name are told apart by their id. */
export const seriesKey = (team: TopTimeLine, all: TopTimeLine[]): string =>
  all.filter((other) => other.name === team.name).length > 1 ? `${team.name} #${team.id}` : team.name;

export const timelineRows = (teams: TopTimeLine[], start: number, end: number): TimelineRow[] => {
  const keys = teams.map((team) => seriesKey(team, teams));
  const times = [...new Set([start, ...teams.flatMap((team) => team.items.map((item) => item.time))])]
    .filter((time) => time >= start)
    .sort((a, b) => a - b);
  const rows = times.map((time) => {
    const row: TimelineRow = { time };
    teams.forEach((team, index) => {
      let score = 0;
      for (const item of team.items) if (item.time <= time) score = item.score;
      row[keys[index] as string] = score;
    });
    return row;
  });
  // A last point at "now" (or the end) keeps the lines running to the right edge.
  const last = Math.min(Date.now(), end);
  const tail = rows[rows.length - 1];
  if (tail && last > tail.time) rows.push({ ...tail, time: last });
  return rows;
};
