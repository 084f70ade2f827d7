// The checkers of §4.7: submissions are judged in the background by a few workers. A challenge always goes to the
// same worker, so its solves are judged in submit order and blood notices come out in that order too.
import { type AnswerResult, GamePermission, type NoticeType, type Submission } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { LiveBus } from '../live/bus.ts';
import type { DivisionService } from './divisions.ts';
import type { GameFeed } from './feed.ts';
import type { DivisionRules } from './permissions.ts';
import { may } from './permissions.ts';
import type { Scoreboards } from './scoreboard.ts';
import { bloodOf, inWindow } from './scoring.ts';

const bloodNotices: NoticeType[] = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];

interface Pending {
  id: number;
  challengeId: number;
}

type Row = NonNullable<Awaited<ReturnType<Judge['load']>>>;

export class Judge {
  readonly #queues: Pending[][];
  readonly #running: (Promise<void> | undefined)[];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly feed: GameFeed,
    private readonly bus: LiveBus,
    private readonly scoreboards: Scoreboards,
    private readonly divisions: DivisionService,
    private readonly log: { error(obj: unknown, msg: string): void },
    private readonly now: () => number = Date.now,
    workers = 4,
  ) {
    this.#queues = Array.from({ length: workers }, () => []);
    this.#running = Array.from({ length: workers }, () => undefined);
  }

  enqueue(id: number, challengeId: number): void {
    const shard = challengeId % this.#queues.length;
    const queue = this.#queues[shard] as Pending[];
    // Kept in id order (arrivals are nearly ordered already), so a challenge's solves are judged in submit order.
    let at = queue.length;
    while (at > 0 && (queue[at - 1] as Pending).id > id) at--;
    queue.splice(at, 0, { id, challengeId });
    this.#running[shard] ??= this.work(shard).finally(() => {
      this.#running[shard] = undefined;
    });
  }

  /** Re-queues what a previous run left unjudged. */
  async resume(): Promise<void> {
    const rows = await this.db
      .selectFrom('submissions')
      .select(['id', 'challenge_id'])
      .where('status', '=', 'FlagSubmitted')
      .orderBy('id')
      .execute();
    for (const row of rows) this.enqueue(row.id, row.challenge_id);
  }

  /** Resolves once every queued submission is judged. */
  async idle(): Promise<void> {
    while (this.#running.some(Boolean)) await Promise.all(this.#running);
  }

  private async work(shard: number): Promise<void> {
    const queue = this.#queues[shard] as Pending[];
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        await this.judge(next.id);
      } catch (error) {
        // Left FlagSubmitted: the next start re-queues it.
        this.log.error({ err: error, submission: next.id }, 'Judging a submission failed');
      }
    }
  }

  private load(id: number) {
    return this.db
      .selectFrom('submissions as s')
      .innerJoin('challenges as c', 'c.id', 's.challenge_id')
      .innerJoin('participations as p', 'p.id', 's.participation_id')
      .innerJoin('teams as t', 't.id', 'p.team_id')
      .innerJoin('games as g', 'g.id', 's.game_id')
      .leftJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id',
        's.game_id',
        's.participation_id',
        's.challenge_id',
        's.answer',
        's.status',
        's.time',
        'c.title',
        'c.type',
        'c.deadline_utc',
        'c.disable_blood_bonus',
        'p.division_id',
        't.name as team_name',
        'u.user_name',
        'g.start_time',
        'g.end_time',
      ])
      .where('s.id', '=', id)
      .executeTakeFirst();
  }

  private async judge(id: number): Promise<void> {
    const s = await this.load(id);
    if (s?.status !== 'FlagSubmitted') return;
    const instance = await this.db
      .selectFrom('game_instances')
      .select(['flag', 'flag_id'])
      .where('participation_id', '=', s.participation_id)
      .where('challenge_id', '=', s.challenge_id)
      .executeTakeFirst();
    // The verdict is written last: whoever polls it finds the solve, notices and events already there.
    // Should the process stop in between, the submission is judged again at start, which repeats nothing
    // but events (the solve is recorded once).
    let status: AnswerResult = 'NotFound';
    if (instance) {
      const correct = await this.isCorrect(s, instance);
      if (correct) await this.accept(s);
      await this.feed.addEvent(s.game_id, {
        type: 'FlagSubmit',
        values: [correct ? 'Accepted' : 'WrongAnswer', s.answer, s.title, String(s.challenge_id)],
        userName: s.user_name ?? '',
        teamName: s.team_name,
      });
      status = correct ? 'Accepted' : s.type.startsWith('Dynamic') ? await this.checkCheat(s) : 'WrongAnswer';
    }
    await this.db.updateTable('submissions').set({ status }).where('id', '=', s.id).execute();
    const submission: Submission = {
      answer: s.answer,
      status,
      time: s.time,
      user: s.user_name ?? '',
      team: s.team_name,
      challenge: s.title,
    };
    this.bus.publish({
      hub: 'monitor',
      gameId: s.game_id,
      method: 'ReceivedSubmissions',
      payload: submission,
    });
  }

  /** Exact and case-sensitive: any flag of a static challenge, the team's own one of a dynamic challenge. */
  private async isCorrect(
    s: Row,
    instance: { flag: string | null; flag_id: number | null },
  ): Promise<boolean> {
    if (s.type === 'DynamicContainer') return instance.flag === s.answer;
    let query = this.db.selectFrom('flags').select('flag').where('challenge_id', '=', s.challenge_id);
    if (s.type === 'DynamicAttachment') {
      if (instance.flag_id === null) return false;
      query = query.where('id', '=', instance.flag_id);
    }
    // Compared here, not in SQL: SQLite and PostgreSQL collations must not decide what "equal" means.
    return (await query.execute()).some((f) => f.flag === s.answer);
  }

  /** Records the first solve once (the primary key settles races), then its blood notice. */
  private async accept(s: Row): Promise<void> {
    const inserted = await this.db
      .insertInto('solves')
      .values({
        participation_id: s.participation_id,
        challenge_id: s.challenge_id,
        game_id: s.game_id,
        submission_id: s.id,
        time: s.time,
      })
      .onConflict((oc) => oc.columns(['participation_id', 'challenge_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await this.scoreboards.invalidate(s.game_id);
    const blood = await this.bloodOf(s);
    if (blood > 0 && this.now() < s.end_time) {
      await this.feed.addNotice(s.game_id, bloodNotices[blood - 1] as NoticeType, [s.team_name, s.title]);
    }
  }

  /**
   * The blood this first solve takes, from the blood-eligible first solves judged before it (§4.2). Counting in
   * judge order (one worker per challenge) can never hand out a blood twice; the scoreboard labels, recomputed
   * in submit-time order, agree unless submissions of the same moment were judged out of order.
   */
  private async bloodOf(s: Row): Promise<0 | 1 | 2 | 3> {
    const game = { start: s.start_time, end: s.end_time, bloodBonus: 0 };
    const rules = new Map<number | null, DivisionRules | undefined>([[null, undefined]]);
    const eligible = async (divisionId: number | null, time: number) => {
      if (!rules.has(divisionId)) rules.set(divisionId, await this.divisions.rules(divisionId));
      return (
        inWindow(game, s.deadline_utc, time) &&
        may(rules.get(divisionId), s.challenge_id, GamePermission.GetBlood)
      );
    };
    if (s.disable_blood_bonus === 1 || !(await eligible(s.division_id, s.time))) return 0;
    const earlier = await this.db
      .selectFrom('solves')
      .innerJoin('participations', 'participations.id', 'solves.participation_id')
      .select(['solves.time', 'participations.division_id'])
      .where('solves.challenge_id', '=', s.challenge_id)
      .where('solves.participation_id', '!=', s.participation_id)
      .where('participations.status', '=', 'Accepted')
      .execute();
    let count = 0;
    for (const e of earlier) {
      if (await eligible(e.division_id, e.time)) count++;
      if (count >= 3) break;
    }
    return bloodOf(count);
  }

  /** A wrong answer equal to another team's own flag of the challenge is flag sharing (§4.9). */
  private async checkCheat(s: Row): Promise<AnswerResult> {
    const owner = await this.db
      .selectFrom('game_instances as i')
      .innerJoin('participations as p', 'p.id', 'i.participation_id')
      .innerJoin('teams as t', 't.id', 'p.team_id')
      .leftJoin('flags as f', 'f.id', 'i.flag_id')
      .select(['i.participation_id', 'i.flag', 'f.flag as attachment_flag', 't.name'])
      .where('i.challenge_id', '=', s.challenge_id)
      .where('i.participation_id', '!=', s.participation_id)
      .where((eb) => eb.or([eb('i.flag', '=', s.answer), eb('f.flag', '=', s.answer)]))
      .execute();
    const found = owner.find((o) => o.flag === s.answer || o.attachment_flag === s.answer);
    if (!found) return 'WrongAnswer';
    await this.db
      .insertInto('cheat_infos')
      .values({
        game_id: s.game_id,
        submission_id: s.id,
        submit_participation_id: s.participation_id,
        owned_participation_id: found.participation_id,
      })
      .execute();
    await this.feed.addEvent(s.game_id, {
      type: 'CheatDetected',
      values: [s.title, s.team_name, found.name],
      userName: s.user_name ?? '',
      teamName: s.team_name,
    });
    return 'CheatDetected';
  }
}
