// What a previous run left unjudged, read back at start as the judge's queue holds it (the submit path hands over
// the same fields for what it stores).
import { type Kysely, sql } from 'kysely';
import { prepare } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';

/** The submissions still FlagSubmitted, with what judging them reads, in id order. */
export const prepareUnjudged = (db: Kysely<Database>) =>
  prepare(db, {}, (db) =>
    db
      .selectFrom('submissions as s')
      .innerJoin('challenges as c', 'c.id', 's.challenge_id')
      .innerJoin('participations as p', 'p.id', 's.participation_id')
      .innerJoin('teams as t', 't.id', 'p.team_id')
      .innerJoin('games as g', 'g.id', 's.game_id')
      .leftJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('game_instances as i', (join) =>
        join
          .onRef('i.participation_id', '=', 's.participation_id')
          .onRef('i.challenge_id', '=', 's.challenge_id'),
      )
      .leftJoin('flags as f', 'f.id', 'i.flag_id')
      .select([
        's.id',
        's.game_id',
        's.participation_id',
        's.challenge_id',
        's.answer',
        's.time',
        'c.title',
        'c.type',
        'c.deadline_utc',
        'c.disable_blood_bonus',
        'p.division_id',
        't.name as team_name',
        's.user_id',
        'u.user_name',
        'g.start_time',
        'g.end_time',
        'g.freeze_at',
        'i.id as instance_id',
        'i.flag as instance_flag',
        'i.flag_id',
        'f.flag as attachment_flag',
      ])
      // A literal, so that the planners see it is what the partial index holds.
      .where('s.status', '=', sql.lit('FlagSubmitted'))
      .orderBy('s.id'),
  );
