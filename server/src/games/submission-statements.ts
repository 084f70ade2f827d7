// The submit path's statements (submissions.ts runs them): the context of a batch's attempts in one query, and the
// insert that stores attempts only as far as each team's submission limit leaves room.
import { type Kysely, sql } from 'kysely';
import { column, type RowOf, type RowsSource } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { newSubmission, submissionColumns, submissionKey } from './submission-rows.ts';

/** What a submission's checks are looked up by, and `n`, its place in the batch. */
export const contextKey = {
  n: column.integer,
  game: column.integer,
  user: column.text,
  challenge: column.integer,
};
export type ContextKey = Omit<RowOf<typeof contextKey>, 'n'>;

/** The context of each key, tagged with its `n`; a key whose game does not exist has no row. */
export const contextQuery = (db: Kysely<Database>, keys: RowsSource<RowOf<typeof contextKey>>) =>
  db
    .selectFrom(keys)
    .innerJoin('games as g', 'g.id', 'r.game')
    .leftJoin('participation_members as m', (join) =>
      join.onRef('m.game_id', '=', 'g.id').onRef('m.user_id', '=', 'r.user'),
    )
    .leftJoin('participations as p', 'p.id', 'm.participation_id')
    .leftJoin('challenges as c', (join) =>
      join.onRef('c.id', '=', 'r.challenge').onRef('c.game_id', '=', 'g.id').on('c.is_enabled', '=', 1),
    )
    .leftJoin('game_instances as i', (join) =>
      join.onRef('i.participation_id', '=', 'p.id').onRef('i.challenge_id', '=', 'c.id'),
    )
    .leftJoin('teams as t', 't.id', 'p.team_id')
    .leftJoin('flags as f', 'f.id', 'i.flag_id')
    .select([
      'r.n',
      'g.start_time',
      'g.end_time',
      'g.freeze_at',
      'g.practice_mode',
      'p.id as participation_id',
      'p.status',
      'p.division_id',
      't.name as team_name',
      'c.id as challenge_id',
      'c.title',
      'c.type',
      'c.deadline_utc',
      'c.disable_blood_bonus',
      'c.submission_limit',
      'i.id as instance_id',
      'i.flag as instance_flag',
      'i.flag_id',
      'f.flag as attachment_flag',
    ]);
export type ContextRow = Awaited<ReturnType<ReturnType<typeof contextQuery>['execute']>>[number];
/** A context row once the checks passed: the participation, the team, the challenge and its instance are there. */
export type Judged<T> = {
  [K in keyof T]: K extends 'team_name' | 'title' | 'type' | 'participation_id' | 'challenge_id'
    ? NonNullable<T[K]>
    : T[K];
};

/** A submission to a challenge with a limit: its row, its place `n` in the batch, and the limit. */
export const limitedSubmission = { ...newSubmission, n: column.integer, submission_limit: column.integer };

/**
 * Submissions inserted as far as each team's limit leaves room: a row is stored when the attempts its team has
 * stored for the challenge, plus its place among the batch's rows of that team and challenge (1 the first), are at
 * most the limit. The count reads the table as it was before the statement, the place accounts for the rest.
 */
export const insertWithinLimit = (
  db: Kysely<Database>,
  rows: RowsSource<RowOf<typeof limitedSubmission>>,
) => {
  const place = sql<number>`row_number() over (partition by r.participation_id, r.challenge_id order by r.n)`;
  const placed = db
    .selectFrom(rows)
    .select([
      ...submissionColumns.map((name) => `r.${name}` as const),
      'r.submission_limit',
      place.as('place'),
    ])
    .as('w');
  return db
    .insertInto('submissions')
    .columns(submissionColumns)
    .expression(
      db
        .selectFrom(placed)
        .select(submissionColumns)
        .where((eb) =>
          eb(
            eb(
              'w.place',
              '+',
              eb
                .selectFrom('submissions as s')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .whereRef('s.participation_id', '=', 'w.participation_id')
                .whereRef('s.challenge_id', '=', 'w.challenge_id'),
            ),
            '<=',
            eb.ref('w.submission_limit'),
          ),
        ),
    )
    .returning(['id', ...submissionKey]);
};

/** Every submission of the team for the challenge, whatever its result (the limit counts them all). */
export const attemptsOf = async (
  db: Kysely<Database>,
  participationId: number,
  challengeId: number,
): Promise<number> => {
  const row = await db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('participation_id', '=', participationId)
    .where('challenge_id', '=', challengeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
