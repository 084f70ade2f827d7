// What a committed verdict leaves in the game, written in the judge's transaction: the first solve and the blood it
// takes (decided by the database, see blood-race.ts), its blood notice, the monitor's events and a detected cheat.
import type { AnswerResult, NoticeType } from '@pennon/sdk/contract';
import { type Kysely, sql } from 'kysely';
import { column, prepare, prepareRows } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { LiveMessage } from '../live/bus.ts';
import type { EventInput, GameFeed } from './feed.ts';
import { noticesEnd } from './freeze.ts';
import { bloodOf } from './scoring.ts';
import {
  type BatchContext,
  type FlagOwner,
  flagSubmitEvent,
  mayBeShared,
  mayBleed,
  type Pending,
} from './verdict-rules.ts';

export const bloodNotices: NoticeType[] = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];

const solveColumns = {
  participation_id: column.integer,
  challenge_id: column.integer,
  game_id: column.integer,
  submission_id: column.integer,
  time: column.bigint,
  user_id: column.nullableText,
};
const solveColumnNames = Object.keys(solveColumns) as (keyof typeof solveColumns)[];

/** What a batch leaves to do once committed. */
export interface BatchOutcome {
  messages: LiveMessage[];
  events: (EventInput & { gameId: number })[];
  /** Submission id → its verdict. */
  verdicts: Map<number, AnswerResult>;
  changedGames: Set<number>;
  /** Submission id → the blood its first solve took, for the first solves of this batch. */
  firsts: Map<number, 0 | 1 | 2 | 3>;
}

export const emptyOutcome = (): BatchOutcome => ({
  messages: [],
  events: [],
  verdicts: new Map(),
  changedGames: new Set(),
  firsts: new Map(),
});

/** The judge's writes beyond the verdicts themselves, each in the transaction (or statement) it is given. */
export class VerdictRecords {
  readonly #bloodsTaken;
  readonly #recordFirsts;
  readonly #recordBloods;
  readonly #owners;

  constructor(
    db: Kysely<Database>,
    private readonly feed: GameFeed,
    private readonly now: () => number,
  ) {
    // The highest blood of the challenge taken so far (0: none).
    this.#bloodsTaken = prepare(db, { challenge: 0 }, (db, q) =>
      db
        .selectFrom('solves')
        .select((eb) => eb.fn.coalesce(eb.fn.max('blood'), sql.lit(0)).as('taken'))
        .where('challenge_id', '=', q.challenge)
        .where('blood', 'is not', null),
    );
    // Another team's instance of the challenge whose flag is the answer: flag sharing (§4.9).
    this.#owners = prepare(db, { challenge: 0, participation: 0, answer: '' }, (db, q) =>
      db
        .selectFrom('game_instances as i')
        .innerJoin('participations as p', 'p.id', 'i.participation_id')
        .innerJoin('teams as t', 't.id', 'p.team_id')
        .leftJoin('flags as f', 'f.id', 'i.flag_id')
        .select(['i.participation_id', 'i.flag', 'f.flag as attachment_flag', 't.name'])
        .where('i.challenge_id', '=', q.challenge)
        .where('i.participation_id', '!=', q.participation)
        .where((eb) => eb.or([eb('i.flag', '=', q.answer), eb('f.flag', '=', q.answer)])),
    );
    // The primary key settles races and repeats: only a first solve is inserted, and answered.
    this.#recordFirsts = prepareRows(db, solveColumns, (db, solves) =>
      db
        .insertInto('solves')
        .columns(solveColumnNames)
        // SQLite reads an ON right after the FROM as the join's: a WHERE between tells it is the upsert's.
        .expression(db.selectFrom(solves).select(solveColumnNames).where(sql.lit(true)))
        .onConflict((oc) => oc.columns(['participation_id', 'challenge_id']).doNothing())
        .returning('submission_id'),
    );
    // The unique index on a challenge's bloods refuses one another transaction took meanwhile (see blood-race.ts).
    this.#recordBloods = prepareRows(
      db,
      { submission_id: column.integer, blood: column.integer },
      (db, bloods) =>
        db
          .updateTable('solves')
          .from(bloods)
          .set((eb) => ({ blood: eb.ref('r.blood') }))
          .whereRef('solves.submission_id', '=', 'r.submission_id'),
    );
  }

  /** What a claimed submission's verdict leaves in the game: its blood notice, its events, a detected cheat. */
  async record(
    trx: Kysely<Database>,
    s: Pending,
    owner: FlagOwner | undefined,
    outcome: BatchOutcome,
  ): Promise<void> {
    if (s.instance_id === null) return;
    const correct = outcome.verdicts.get(s.id) === 'Accepted';
    const blood = outcome.firsts.get(s.id) ?? 0;
    if (blood > 0 && this.now() < noticesEnd(s)) {
      const notice = bloodNotices[blood - 1] as NoticeType;
      outcome.messages.push(await this.feed.storeNotice(trx, s.game_id, notice, [s.team_name, s.title]));
    }
    outcome.events.push(flagSubmitEvent(s, correct));
    if (owner) await this.recordCheat(trx, s, owner, outcome);
  }

  /**
   * Records the first solves among the batch's correct answers (the earliest submission wins), and the blood each
   * takes (§4.2): those that may take one take the bloods after the challenge's highest taken, in submit order.
   */
  async recordSolves(
    trx: Kysely<Database>,
    correct: Pending[],
    context: BatchContext,
    outcome: BatchOutcome,
  ) {
    const solves = correct.map((s) => ({
      participation_id: s.participation_id,
      challenge_id: s.challenge_id,
      game_id: s.game_id,
      submission_id: s.id,
      time: s.time,
      user_id: s.user_id,
    }));
    const firsts = new Set((await this.#recordFirsts.run(solves, trx)).map((row) => row.submission_id));
    const taken = new Map<number, number>();
    const bloods: { submission_id: number; blood: number }[] = [];
    for (const s of correct) {
      if (!firsts.has(s.id)) continue;
      outcome.changedGames.add(s.game_id);
      let blood: 0 | 1 | 2 | 3 = 0;
      if (mayBleed(s, context)) {
        const before = taken.get(s.challenge_id) ?? (await this.bloodsTaken(trx, s.challenge_id));
        blood = bloodOf(before);
        taken.set(s.challenge_id, blood || before);
        if (blood > 0) bloods.push({ submission_id: s.id, blood });
      }
      outcome.firsts.set(s.id, blood);
    }
    if (bloods.length > 0) await this.#recordBloods.run(bloods, trx);
  }

  private async bloodsTaken(trx: Kysely<Database>, challenge: number): Promise<number> {
    const { rows } = await this.#bloodsTaken.run({ challenge }, trx);
    return Number(rows[0]?.taken ?? 0);
  }

  /**
   * Submission → the team whose own flag it is, for each wrong answer to a dynamic challenge equal to another
   * team's flag of it: flag sharing (§4.9).
   */
  async flagOwners(
    trx: Kysely<Database>,
    batch: Pending[],
    context: BatchContext,
  ): Promise<Map<Pending, FlagOwner>> {
    const owners = new Map<Pending, FlagOwner>();
    for (const s of batch) {
      if (!mayBeShared(s, context)) continue;
      const { rows } = await this.#owners.run(
        { challenge: s.challenge_id, participation: s.participation_id, answer: s.answer },
        trx,
      );
      const found = rows.find((o) => o.flag === s.answer || o.attachment_flag === s.answer);
      if (found) owners.set(s, found);
    }
    return owners;
  }

  private async recordCheat(
    trx: Kysely<Database>,
    s: Pending,
    found: FlagOwner,
    outcome: BatchOutcome,
  ): Promise<void> {
    await trx
      .insertInto('cheat_infos')
      .values({
        game_id: s.game_id,
        submission_id: s.id,
        submit_participation_id: s.participation_id,
        owned_participation_id: found.participation_id,
      })
      .execute();
    outcome.events.push({
      gameId: s.game_id,
      type: 'CheatDetected',
      values: [s.title, s.team_name, found.name],
      userName: s.user_name ?? '',
      teamName: s.team_name,
    });
  }
}
