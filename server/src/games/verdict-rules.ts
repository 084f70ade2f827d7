// What a submission's verdict is, decided from what was read for it (§4.7, §4.9): no database, no clock. The judge
// (judge.ts) applies these rules to its batches, and verdict-records.ts writes what a verdict leaves in the game.
import { type AnswerResult, type ChallengeType, GamePermission } from '@pennon/sdk/contract';
import type { LogEntry } from '../services/audit-log.ts';
import type { EventInput } from './feed.ts';
import type { DivisionRules } from './permissions.ts';
import { may } from './permissions.ts';
import { inWindow } from './scoring.ts';

/** A submission waiting for its verdict, with what judging it needs. */
export interface Pending {
  id: number;
  game_id: number;
  participation_id: number;
  challenge_id: number;
  answer: string;
  time: number;
  title: string;
  type: ChallengeType;
  deadline_utc: number | null;
  disable_blood_bonus: number | null;
  division_id: number | null;
  team_name: string;
  user_id: string | null;
  user_name: string | null;
  start_time: number;
  end_time: number;
  /** The game's scoreboard freeze: no blood notice from then on. */
  freeze_at: number | null;
  instance_id: number | null;
  instance_flag: string | null;
  flag_id: number | null;
  attachment_flag: string | null;
}

/** What judging a batch needs beyond its rows, read before its transaction (SQLite's one connection is its). */
export interface BatchContext {
  /** Static challenge id → its flags. */
  flags: Map<number, string[]>;
  /** Game id → its divisions' rules. */
  rules: Map<number, Map<number, DivisionRules>>;
}

/** Another team that owns the flag a submission sent. */
export interface FlagOwner {
  participation_id: number;
  name: string;
}

/** The admin log entry of a verdict worth an organiser's attention: a solve or a detected cheat. */
export const verdictLog = (s: Pending, verdict: AnswerResult | undefined): LogEntry[] => {
  if (verdict === 'Accepted') {
    return [
      { level: 'Information', msg: `${s.team_name} solved ${s.title}`, name: s.user_name, status: 'Success' },
    ];
  }
  if (verdict === 'CheatDetected') {
    return [
      {
        level: 'Warning',
        msg: `${s.team_name} submitted another team's flag for ${s.title}`,
        name: s.user_name,
        status: 'Denied',
      },
    ];
  }
  return [];
};

/** Whether the submission, were it a first solve, may take a blood: its time, its division, its challenge. */
export const mayBleed = (s: Pending, context: BatchContext): boolean => {
  const rules = s.division_id === null ? undefined : context.rules.get(s.game_id)?.get(s.division_id);
  const game = { start: s.start_time, end: s.end_time, bloodBonus: 0 };
  return (
    s.disable_blood_bonus === 0 &&
    inWindow(game, s.deadline_utc, s.time) &&
    may(rules, s.challenge_id, GamePermission.GetBlood)
  );
};

/** The monitor's event of a submitted flag. */
export const flagSubmitEvent = (s: Pending, correct: boolean): EventInput & { gameId: number } => ({
  gameId: s.game_id,
  type: 'FlagSubmit',
  values: [correct ? 'Accepted' : 'WrongAnswer', s.answer, s.title, String(s.challenge_id)],
  userName: s.user_name ?? '',
  teamName: s.team_name,
});

/** Whether a wrong answer may be another team's flag: only a dynamic challenge's, read within the transaction. */
export const mayBeShared = (s: Pending, context: BatchContext): boolean =>
  s.instance_id !== null && s.type.startsWith('Dynamic') && !isCorrect(s, context);

export const verdictOf = (
  s: Pending,
  context: BatchContext,
  owners: Map<Pending, FlagOwner>,
): AnswerResult => {
  if (s.instance_id === null) return 'NotFound';
  if (isCorrect(s, context)) return 'Accepted';
  return owners.has(s) ? 'CheatDetected' : 'WrongAnswer';
};

/**
 * Exact and case-sensitive: any flag of a static challenge, the team's own one of a dynamic challenge. Compared
 * here, not in SQL: SQLite and PostgreSQL collations must not decide what "equal" means.
 */
const isCorrect = (s: Pending, context: BatchContext): boolean => {
  if (s.type === 'DynamicContainer') return s.instance_flag === s.answer;
  if (s.type === 'DynamicAttachment') return s.flag_id !== null && s.attachment_flag === s.answer;
  return context.flags.get(s.challenge_id)?.includes(s.answer) ?? false;
};
