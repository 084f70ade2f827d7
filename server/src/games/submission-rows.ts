// A new submission's row, and how the ids a multi-row insert returns go back to the rows they belong to.
import type { AnswerResult } from '@pennon/sdk/contract';
import { type Column, column, type RowOf } from '../db/prepared.ts';

export const newSubmission = {
  game_id: column.integer,
  participation_id: column.integer,
  challenge_id: column.integer,
  user_id: column.text,
  answer: column.text,
  time: column.bigint,
  status: column.text as Column<AnswerResult>,
};
export const submissionColumns = Object.keys(newSubmission) as (keyof typeof newSubmission)[];
export type NewSubmission = RowOf<typeof newSubmission>;

/** What tells submissions apart: two with all of it equal are the same in every way but their ids. */
export const submissionKey = ['participation_id', 'challenge_id', 'user_id', 'answer', 'time'] as const;
export type Stored = { id: number } & Record<(typeof submissionKey)[number], unknown>;
// Only the answer may hold any character, and it comes last: the key cannot be read two ways.
const keyOf = (row: Omit<Stored, 'id'>) =>
  `${row.participation_id}|${row.challenge_id}|${row.user_id}|${row.time}|${row.answer}`;

/**
 * Each row's id, undefined for a row the statement did not store: RETURNING promises no order, so ids go back by
 * content (equal rows take any of theirs).
 */
export const idsInOrder = (rows: readonly Omit<Stored, 'id'>[], stored: Stored[]): (number | undefined)[] => {
  const byKey = new Map<string, number[]>();
  for (const row of stored) {
    const ids = byKey.get(keyOf(row));
    if (ids) ids.push(row.id);
    else byKey.set(keyOf(row), [row.id]);
  }
  return rows.map((row) => byKey.get(keyOf(row))?.shift());
};

/** The row of a submission waiting for its verdict (whose user is known by then), with its verdict. */
export const submissionRow = (
  s: Omit<NewSubmission, 'status' | 'user_id'> & { user_id: string | null },
  status: AnswerResult,
): NewSubmission => ({
  game_id: s.game_id,
  participation_id: s.participation_id,
  challenge_id: s.challenge_id,
  user_id: s.user_id as string,
  answer: s.answer,
  time: s.time,
  status,
});
