// PostgreSQL: a batch of submissions judged before it is stored, stored with its verdicts and everything they write
// (first solves and their bloods, blood notices, events, the scoreboard's version, the admin log) in one statement.
// One statement is all or nothing, and its data-modifying CTEs all see the database as it was when it began: the
// solves it counts for bloods are those before the batch, and its own first solves are ranked in submit order.
import { type Kysely, sql } from 'kysely';
import { column, type PreparedRows, prepareRows, type RowOf } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { newSubmission, submissionColumns } from './submission-rows.ts';

/**
 * A submission judged before it is stored (PostgreSQL), with everything its verdict writes: its event (none when
 * `event_values` is null), its admin log entry (none when `log_level` is null) and, should it be a first solve that
 * may take a blood, what counting that blood needs. `n` is its place in the batch, in submit order.
 */
export const judgedColumns = {
  ...newSubmission,
  n: column.integer,
  event_values: column.nullableText,
  event_time: column.bigint,
  user_name: column.text,
  team_name: column.text,
  log_level: column.nullableText,
  log_msg: column.text,
  log_name: column.nullableText,
  log_status: column.nullableText,
  log_time: column.bigint,
  may_bleed: column.integer,
  /** The window the challenge's earlier solves count in, as `bloodsBefore` reads it. */
  bleed_from: column.bigint,
  bleed_to: column.bigint,
  bleed_deadline: column.bigint,
  /** The divisions whose solves take no blood of the challenge, as an array literal (`{3,5}`). */
  unbleeding: column.text,
  /** Whether its blood is announced: the game has not ended. */
  notify: column.integer,
  notice_values: column.text,
  notice_time: column.bigint,
};

/** A stored and judged submission: whether it is a first solve, the blood it took and the id of its notice. */
export interface JudgedRow {
  n: number;
  id: number;
  first: boolean;
  blood: number | null;
  notice_id: number | null;
}

export type JudgedStatement = PreparedRows<RowOf<typeof judgedColumns>, JudgedRow>;

/** Rows as they are judged before they are stored: their ids are taken first, so every write can name them. */
export const prepareJudged = (db: Kysely<Database>): JudgedStatement =>
  prepareRows(db, judgedColumns, (db, rows) =>
    db
      .with(
        (cte) => cte('batch').materialized(),
        (db) =>
          db
            .selectFrom(rows)
            .selectAll()
            .select(sql<number>`nextval(pg_get_serial_sequence('submissions', 'id'))`.as('id')),
      )
      .with('stored', (db) =>
        db
          .insertInto('submissions')
          .columns(['id', ...submissionColumns])
          .expression(db.selectFrom('batch').select(['id', ...submissionColumns])),
      )
      // The primary key settles races and repeats: only a first solve is inserted.
      .with('firsts', (db) =>
        db
          .insertInto('solves')
          .columns(['participation_id', 'challenge_id', 'game_id', 'submission_id', 'time', 'user_id'])
          .expression(
            db
              .selectFrom('batch')
              .select(['participation_id', 'challenge_id', 'game_id', 'id', 'time', 'user_id'])
              .where('status', '=', sql.lit('Accepted'))
              // A team's earliest correct flag of the batch is its solve.
              .orderBy('n'),
          )
          .onConflict((oc) => oc.columns(['participation_id', 'challenge_id']).doNothing())
          .returning(['submission_id', 'game_id']),
      )
      // A blood counts the eligible first solves before the batch (up to 3), then those of the batch in submit order.
      .with(
        (cte) => cte('bloods').materialized(),
        (db) =>
          db
            .selectFrom('firsts')
            .innerJoin('batch as b', 'b.id', 'firsts.submission_id')
            .select([
              'b.id',
              'b.game_id',
              'b.notify',
              'b.notice_values',
              'b.notice_time',
              sql<number>`(
                select count(*) from (
                  select from solves s join participations p on p.id = s.participation_id
                  where s.challenge_id = b.challenge_id and p.status = 'Accepted'
                    and s.time >= b.bleed_from and s.time < b.bleed_to and s.time <= b.bleed_deadline
                    and coalesce(p.division_id, -1) <> all(cast(b.unbleeding as integer[]))
                  limit 3
                ) earlier
              ) + row_number() over (partition by b.challenge_id order by b.n)`.as('blood'),
              sql<number>`nextval(pg_get_serial_sequence('game_notices', 'id'))`.as('notice_id'),
            ])
            .where('b.may_bleed', '=', 1),
      )
      .with('notices', (db) =>
        db
          .insertInto('game_notices')
          .columns(['id', 'game_id', 'type', 'values', 'time'])
          .expression(
            db
              .selectFrom('bloods')
              .select([
                'notice_id',
                'game_id',
                sql<string>`(array['FirstBlood', 'SecondBlood', 'ThirdBlood'])[blood]`.as('type'),
                'notice_values',
                'notice_time',
              ])
              .where('blood', '<=', 3)
              .where('notify', '=', 1),
          ),
      )
      .with('events', (db) =>
        db
          .insertInto('game_events')
          .columns(['game_id', 'type', 'values', 'time', 'user_name', 'team_name'])
          .expression(
            db
              .selectFrom('batch')
              .select([
                'game_id',
                sql.lit('FlagSubmit').as('type'),
                'event_values',
                'event_time',
                'user_name',
                'team_name',
              ])
              .where('event_values', 'is not', null)
              .orderBy('n'),
          ),
      )
      .with('versions', (db) =>
        db
          .insertInto('scoreboard_versions')
          .columns(['game_id', 'version'])
          .expression(
            db
              .selectFrom('firsts')
              .select(['game_id', sql.lit(1).as('version')])
              .distinct(),
          )
          .onConflict((oc) =>
            oc.column('game_id').doUpdateSet({ version: sql`scoreboard_versions.version + 1` }),
          ),
      )
      .with('logged', (db) =>
        db
          .insertInto('logs')
          .columns(['time', 'level', 'msg', 'name', 'status'])
          .expression(
            db
              .selectFrom('batch')
              .select(['log_time', 'log_level', 'log_msg', 'log_name', 'log_status'])
              .where('log_level', 'is not', null)
              .orderBy('n'),
          ),
      )
      .selectFrom('batch as b')
      .leftJoin('firsts as f', 'f.submission_id', 'b.id')
      .leftJoin('bloods as bl', 'bl.id', 'b.id')
      .select([
        'b.n',
        'b.id',
        sql<boolean>`f.submission_id is not null`.as('first'),
        sql<number | null>`case when bl.blood <= 3 then bl.blood end`.as('blood'),
        sql<number | null>`case when bl.blood <= 3 and bl.notify = 1 then bl.notice_id end`.as('notice_id'),
      ]),
  );
