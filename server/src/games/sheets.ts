// The monitor's .xlsx downloads (§2.6): the scoreboard and every submission, one worksheet each.
import type { ScoreboardModel, Submission } from '@pennon/sdk/contract';
import ExcelJS from 'exceljs';

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

const write = async (title: string, fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(title);
  fill(sheet);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
};

export const scoreboardSheet = async (title: string, board: ScoreboardModel, now: number): Promise<Sheet> => {
  const challenges = Object.values(board.challenges).flat();
  const divisions = new Map(board.divisions.map((d) => [d.id, d.name]));
  const body = await write('Scoreboard', (sheet) => {
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
  });
  return { name: `${title}-Scoreboard-${Math.floor(now / 1000)}.xlsx`, body };
};

export const submissionSheet = async (
  title: string,
  submissions: Submission[],
  now: number,
): Promise<Sheet> => {
  const body = await write('Submissions', (sheet) => {
    sheet.addRow(['Status', 'Time (UTC)', 'Team', 'User', 'Challenge', 'Answer']);
    for (const s of submissions) {
      sheet.addRow([s.status, new Date(s.time), s.team, s.user, s.challenge, s.answer]);
    }
    sheet.getColumn(2).numFmt = 'yyyy-mm-dd hh:mm:ss.000';
  });
  return { name: `${title}_Submissions_${compactTime(now)}.xlsx`, body };
};
