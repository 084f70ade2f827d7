// The monitor's .xlsx downloads (§2.6): the scoreboard and every submission, one worksheet each.
import type { RegistrationFields, ScoreboardModel, Submission } from '@pennon/sdk/contract';
import ExcelJS from 'exceljs';
import type { GamePlayer } from '../services/registration-fields.ts';

export interface Sheet {
  name: string;
  body: Buffer;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyyMMddHHmmss in UTC. */
export const compactTime = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(
    d.getUTCMinutes(),
  )}${pad(d.getUTCSeconds())}`;
};

type Fill = (sheet: ExcelJS.Worksheet) => void;

/** A workbook of one worksheet a `fill`, each with its titles in bold. */
const write = async (fills: Record<string, Fill>): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  for (const [title, fill] of Object.entries(fills)) {
    const sheet = book.addWorksheet(title);
    fill(sheet);
    sheet.getRow(1).font = { bold: true };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
};

/** The players of the ranked teams with their registration fields, in the board's order. */
const playersFill =
  (board: ScoreboardModel, fields: RegistrationFields, players: GamePlayer[]): Fill =>
  (sheet) => {
    sheet.addRow(['Rank', 'Team', 'User', ...fields.map((field) => field.label)]);
    for (const item of board.items) {
      for (const player of players.filter((p) => p.teamId === item.id)) {
        sheet.addRow([
          item.rank,
          item.name,
          player.userName,
          ...fields.map((f) => player.fields[f.key] ?? ''),
        ]);
      }
    }
  };

/** The registration fields of a game's players, for a Players worksheet; none without fields. */
export interface PlayerFields {
  fields: RegistrationFields;
  players: GamePlayer[];
}

export const scoreboardSheet = async (
  title: string,
  board: ScoreboardModel,
  now: number,
  { fields, players }: PlayerFields,
): Promise<Sheet> => {
  const challenges = Object.values(board.challenges).flat();
  const divisions = new Map(board.divisions.map((d) => [d.id, d.name]));
  const scoreboard: Fill = (sheet) => {
    sheet.addRow([
      'Rank',
      'Team',
      'Division',
      'Score',
      'Solved',
      'Adjustments',
      ...challenges.map((c) => `[${c.category}] ${c.title}`),
    ]);
    for (const item of board.items) {
      const solved = new Map(item.solvedChallenges.map((s) => [s.id, s.score]));
      sheet.addRow([
        item.rank,
        item.name,
        item.divisionId === null ? '' : (divisions.get(item.divisionId) ?? ''),
        item.score,
        item.solvedCount,
        // Awards and penalties, net: in the score already.
        (item.adjustments ?? []).reduce((net, a) => net + a.points, 0),
        ...challenges.map((c) => solved.get(c.id) ?? 0),
      ]);
    }
  };
  const body = await write({
    Scoreboard: scoreboard,
    ...(fields.length > 0 && { Players: playersFill(board, fields, players) }),
  });
  return { name: `${title}-Scoreboard-${Math.floor(now / 1000)}.xlsx`, body };
};

export const submissionSheet = async (
  title: string,
  submissions: Submission[],
  now: number,
): Promise<Sheet> => {
  const body = await write({
    Submissions: (sheet) => {
      sheet.addRow(['Status', 'Time (UTC)', 'Team', 'User', 'Challenge', 'Answer']);
      for (const s of submissions) {
        sheet.addRow([s.status, new Date(s.time), s.team, s.user, s.challenge, s.answer]);
      }
      sheet.getColumn(2).numFmt = 'yyyy-mm-dd hh:mm:ss.000';
    },
  });
  return { name: `${title}_Submissions_${compactTime(now)}.xlsx`, body };
};
