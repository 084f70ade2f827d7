// PostgreSQL: a batch of submissions judged before it is stored, stored with its verdicts and everything they write
// (first solves and their bloods, blood notices, events, the scoreboard's version, the admin log, the webhooks'
// deliveries) in one statement.
// One statement is all or nothing, and its data-modifying CTEs all see the database as it was when it began: its first
// solves take the bloods after the highest taken then, in submit order. Should another process take one of those
// bloods meanwhile, the unique index on a challenge's bloods fails this statement, which the judge runs again.
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
  /** Whether its blood is announced, and its webhook events sent: the board shows it (freeze.ts noticesEnd). */
  notify: column.integer,
  notice_values: column.text,
  notice_time: column.bigint,
  hook_time: column.bigint,
  /** The names a first solve's webhook events carry ('' for a flag that is not correct: never read). */
  hook_team: column.text,
  hook_title: column.text,
  hook_user: column.nullableText,
};

/**
 * A stored and judged submission: whether it is a first solve, the blood it took and the id of its notice; and
 * whether the statement queued any webhook delivery (the dispatcher is then woken).
 */
export interface JudgedRow {
  n: number;
  id: number;
  first: boolean;
  blood: number | null;
  notice_id: number | null;
  queued: boolean;
}

/** A webhook event of a first solve, as the statement makes it. */
interface HookEvent {
  n: number;
  k: number;
  event_id: string;
  type: string;
  game_id: number;
  challenge_id: number;
  team_id: number;
  hook_team: string;
  hook_title: string;
  hook_user: string | null;
  blood: number;
  hook_time: number;
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
      // The batch's first solves: each team's earliest correct flag of the batch, if it had not solved it before. Of
      // those that may take one, the first take the bloods left after the challenge's highest taken, in submit order.
      .with(
        (cte) => cte('ranked').materialized(),
        (db) =>
          db
            .selectFrom(
              db
                .selectFrom('batch as b')
                .distinctOn(['b.participation_id', 'b.challenge_id'])
                .select([
                  'b.participation_id',
                  'b.challenge_id',
                  'b.game_id',
                  'b.id',
                  'b.time',
                  'b.user_id',
                  'b.n',
                ])
                .select(
                  sql<number | null>`case when b.may_bleed = 1 then (
                    select coalesce(max(s.blood), 0) from solves s
                    where s.challenge_id = b.challenge_id and s.blood is not null
                  ) end`.as('taken'),
                )
                .where('b.status', '=', sql.lit('Accepted'))
                .where(({ not, exists, selectFrom }) =>
                  not(
                    exists(
                      selectFrom('solves as s')
                        .whereRef('s.participation_id', '=', 'b.participation_id')
                        .whereRef('s.challenge_id', '=', 'b.challenge_id'),
                    ),
                  ),
                )
                .orderBy('b.participation_id')
                .orderBy('b.challenge_id')
                .orderBy('b.n')
                .as('f'),
            )
            .selectAll()
            .select(
              sql<
                number | null
              >`f.taken + row_number() over (partition by f.challenge_id, f.taken is null order by f.n)`.as(
                'rank',
              ),
            ),
      )
      // The primary key settles races and repeats: only a first solve is inserted. The unique index on the blood
      // refuses one that another process took meanwhile, failing the whole statement (judged again, see retry).
      .with('firsts', (db) =>
        db
          .insertInto('solves')
          .columns([
            'participation_id',
            'challenge_id',
            'game_id',
            'submission_id',
            'time',
            'user_id',
            'blood',
          ])
          .expression(
            db
              .selectFrom('ranked')
              .select([
                'participation_id',
                'challenge_id',
                'game_id',
                'id',
                'time',
                'user_id',
                sql<number | null>`case when rank <= 3 then rank end`.as('blood'),
              ])
              .orderBy('n'),
          )
          .onConflict((oc) => oc.columns(['participation_id', 'challenge_id']).doNothing())
          .returning(['submission_id', 'game_id', 'blood']),
      )
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
              'firsts.blood',
              sql<number>`nextval(pg_get_serial_sequence('game_notices', 'id'))`.as('notice_id'),
            ])
            .where('firsts.blood', 'is not', null),
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
      // The webhook events of the first solves, as solve-events.ts makes them in a transaction: a `solve` each and a
      // blood's `blood.*`, one id per event whatever the endpoints that want it. Made only while an endpoint is on as
      // this statement sees it, so one added on another process counts at once.
      .with(
        (cte) => cte('hook_events').materialized(),
        (db) =>
          db
            .selectFrom(
              sql<HookEvent>`(
                select b.n, k.k, gen_random_uuid()::text as event_id, k.type, b.game_id, b.challenge_id, p.team_id,
                  b.hook_team, b.hook_title, b.hook_user, coalesce(f.blood, 0) as blood, b.hook_time
                from firsts f
                join batch b on b.id = f.submission_id
                join participations p on p.id = b.participation_id
                cross join lateral (
                  select 0 as k, 'solve' as type
                  union all
                  select 1, (array['blood.first', 'blood.second', 'blood.third'])[f.blood] where f.blood is not null
                ) k
                where b.notify = 1 and exists (select 1 from webhook_endpoints where enabled = 1)
              )`.as('e'),
            )
            .selectAll(),
      )
      // One delivery per event and endpoint that wants it (its events, its game), in submit order, as
      // WebhookQueue.enqueue writes them; the payload is the generic one without its game's title.
      .with('hooked', (db) =>
        db
          .insertInto('webhook_deliveries')
          .columns([
            'endpoint_id',
            'event_id',
            'type',
            'game_id',
            'payload',
            'state',
            'created_at',
            'next_at',
          ])
          .expression(
            sql`
              select w.id, e.event_id, e.type, e.game_id,
                json_build_object('id', e.event_id, 'type', e.type, 'time', e.hook_time, 'data', json_build_object(
                  'team', json_build_object('id', e.team_id, 'name', e.hook_team),
                  'challenge', json_build_object('id', e.challenge_id, 'title', e.hook_title),
                  'user', e.hook_user, 'blood', e.blood))::text,
                'pending', e.hook_time, e.hook_time
              from hook_events e
              join webhook_endpoints w on w.enabled = 1 and (w.game_id is null or w.game_id = e.game_id)
                and w.events like '%"' || e.type || '"%'
              order by e.n, e.k, w.id`,
          )
          .onConflict((oc) => oc.doNothing())
          .returning('id'),
      )
      .selectFrom('batch as b')
      .leftJoin('firsts as f', 'f.submission_id', 'b.id')
      .leftJoin('bloods as bl', 'bl.id', 'b.id')
      .select([
        'b.n',
        'b.id',
        sql<boolean>`f.submission_id is not null`.as('first'),
        'bl.blood',
        sql<number | null>`case when bl.notify = 1 then bl.notice_id end`.as('notice_id'),
        sql<boolean>`exists (select 1 from hooked)`.as('queued'),
      ]),
  );
