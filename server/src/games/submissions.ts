// Flag submission (§4.7): the synchronous checks, storing and judging the submission, and polling its verdict.
import { type AnswerResult, GamePermission } from '@pennon/sdk/contract';
import { type Kysely, PostgresAdapter } from 'kysely';
import { batched } from '../db/batched.ts';
import { column, prepareRows } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { LiveBus } from '../live/bus.ts';
import type { Caller } from '../services/sessions.ts';
import { checkPlayContext } from './context.ts';
import type { Judge } from './judge.ts';
import type { JudgingCache } from './judging-cache.ts';
import { may } from './permissions.ts';
import type { RecentVerdicts } from './recent-verdicts.ts';
import { releasedTo } from './release.ts';
import {
  idsInOrder,
  newSubmission,
  submissionColumns,
  submissionKey,
  submissionRow,
} from './submission-rows.ts';
import {
  type ContextKey,
  type ContextRow,
  contextKey,
  contextQuery,
  insertWithinLimit,
  type Judged,
  limitedSubmission,
} from './submission-statements.ts';
import type { Pending } from './verdict-rules.ts';

const maxFlagLength = 127;
/** The longest a poll waits for the verdict of a submission being judged here: a judge batch, with room to spare. */
const verdictWaitMs = 250;

interface Unjudged {
  game_id: number;
  challenge_id: number;
  user_id: string;
  /** Wakes the polls waiting for its verdict, if any. */
  settled?: () => void;
}

/** A flag as submitted, its length checked, waiting for its batch. */
interface Attempt {
  key: ContextKey;
  userName: string;
  flag: string;
  time: number;
}

export class SubmissionService {
  /**
   * The submissions of one moment are checked and stored together, in one turn of the event loop: one query reads
   * their context, and one transaction stores those that pass with their verdicts (or, while the judge is busy, as
   * submitted for its queue); those to challenges with a submission limit go to the queue, stored as far as the limit
   * leaves room. Each answers its id, or the error of its checks.
   */
  readonly #submit: (attempt: Attempt) => Promise<number | Error>;
  /** Everything the checks need: the game, the caller's participation, the challenge, the instance. */
  readonly #context;
  readonly #insert;
  readonly #insertLimited;
  /** PostgreSQL: locks teams' instances of challenges (undefined on SQLite, whose writes take one lock). */
  readonly #lockInstances;
  /**
   * The submissions this process stored that its judge has not settled yet: their status is FlagSubmitted, so the
   * polls that come before the verdict need no database read either.
   */
  readonly #unjudged = new Map<number, Unjudged>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly judging: JudgingCache,
    private readonly judge: Judge,
    private readonly recent: RecentVerdicts,
    private readonly bus: LiveBus,
    private readonly now: () => number = Date.now,
  ) {
    this.#context = prepareRows(db, contextKey, contextQuery);
    this.#insert = prepareRows(db, newSubmission, (db, rows) =>
      db
        .insertInto('submissions')
        .columns(submissionColumns)
        .expression(db.selectFrom(rows).select(submissionColumns))
        .returning(['id', ...submissionKey]),
    );
    this.#insertLimited = prepareRows(db, limitedSubmission, insertWithinLimit);
    this.#lockInstances =
      db.getExecutor().adapter instanceof PostgresAdapter
        ? prepareRows(db, { id: column.integer }, (db, rows) =>
            db
              .selectFrom('game_instances')
              .select('id')
              .where('id', 'in', db.selectFrom(rows).select('r.id'))
              // In one order, so that two batches never wait for each other's locks. Not FOR UPDATE: rows that
              // reference an instance may still be written meanwhile.
              .orderBy('id')
              .forNoKeyUpdate(),
          )
        : undefined;
    judge.onSettled((ids) => {
      for (const id of ids) {
        this.#unjudged.get(id)?.settled?.();
        this.#unjudged.delete(id);
      }
    });
    this.#submit = batched((attempts: Attempt[]) => this.#checkAndStore(attempts));
  }

  /** Stores the flag as FlagSubmitted and queues it; answers the id to poll. */
  async submit(
    caller: Pick<Caller, 'id' | 'userName'>,
    gameId: number,
    challengeId: number,
    flag: string,
  ): Promise<number> {
    if (flag.length === 0 || flag.length > maxFlagLength) throw new DomainError(400, 'Invalid flag');
    const answer = await this.#submit({
      key: { game: gameId, user: caller.id, challenge: challengeId },
      userName: caller.userName,
      flag,
      time: this.now(),
    });
    if (answer instanceof Error) throw answer;
    // Answered once the verdict (when judged already) has left on the bus: the status polls that follow, which a load
    // balancer mostly sends to another process, find it there in memory rather than in the database.
    await this.bus.delivered();
    return answer;
  }

  /** Checks a batch, stores the submissions that pass and queues them for the judge, all queued in one go. */
  async #checkAndStore(attempts: Attempt[]): Promise<(number | Error)[]> {
    const found = new Array<ContextRow | undefined>(attempts.length);
    for (const row of await this.#context.run(attempts.map(({ key }, n) => ({ n, ...key }))))
      found[row.n] = row;
    const answers = new Array<number | Error>(attempts.length);
    // Side by side: a check may wait for its game's division rules to be read.
    const checked = await Promise.all(
      attempts.map(async (attempt, at) => {
        try {
          return { at, attempt, ...(await this.#check(attempt, found[at])) };
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          answers[at] = error;
          return undefined;
        }
      }),
    );
    const passed = checked.filter((c) => c !== undefined);
    const unlimited = passed.filter((c) => !c.ctx.submission_limit);
    const limited = passed.filter((c) => c.ctx.submission_limit);
    // Unlimited first: judged as they are stored while the judge is idle, which the limited ones' queueing ends.
    for (const [i, id] of (await this.#storeUnlimited(unlimited.map(pendingOf))).entries())
      answers[(unlimited[i] as (typeof unlimited)[number]).at] = id;
    if (limited.length === 0) return answers;
    // The unlimited ones are stored: a failure here must not have the whole batch retried (and stored twice).
    const stored = await this.#storeLimited(
      limited.map(pendingOf),
      limited.map((c) => c.ctx.submission_limit as number),
    ).catch((error: unknown) => limited.map(() => error as Error));
    for (const [i, id] of stored.entries())
      answers[(limited[i] as (typeof limited)[number]).at] =
        id ?? new DomainError(400, 'The submission limit is reached');
    return answers;
  }

  /**
   * Stores and judges submissions to challenges without a limit: with their verdicts in one commit, else as
   * submitted, in one statement, for the judge's queue. Answers their ids in order.
   */
  async #storeUnlimited(pending: Pending[]): Promise<number[]> {
    if (pending.length === 0) return [];
    const rowsOf = (status: (at: number) => AnswerResult) =>
      pending.map((s, at) => submissionRow(s, status(at)));
    const judged = await this.judge.judgeNew(pending, async (trx, statuses) => {
      const rows = rowsOf((at) => statuses[at] as AnswerResult);
      return idsInOrder(rows, await this.#insert.run(rows, trx)) as number[];
    });
    if (judged) return judged;
    const rows = rowsOf(() => 'FlagSubmitted');
    // One multi-row insert, one commit: on PostgreSQL a single round trip.
    const ids = idsInOrder(rows, await this.#insert.runAtomically(rows)) as number[];
    for (const [at, s] of pending.entries()) this.#queueForJudge(s, ids[at] as number);
    return ids;
  }

  /**
   * Stores submissions to challenges with a limit as submitted, those each team's limit leaves room for, and queues
   * them for the judge; answers their ids in order, undefined for each refused. The database decides in the insert
   * itself, counting what is stored: several processes, each with a batch for the same team, cannot all find room.
   * On PostgreSQL the batch first locks its teams' instances of the challenges, so that the insert's count, read
   * after, includes what any other process stored before it; SQLite's writer lock serialises the insert already.
   */
  async #storeLimited(pending: Pending[], limits: number[]): Promise<(number | undefined)[]> {
    const rows = pending.map((s, n) => ({
      n,
      submission_limit: limits[n] as number,
      ...submissionRow(s, 'FlagSubmitted'),
    }));
    const lock = this.#lockInstances;
    const stored = lock
      ? await this.db.transaction().execute(async (trx) => {
          await lock.run(
            pending.map((s) => ({ id: s.instance_id as number })),
            trx,
          );
          return this.#insertLimited.run(rows, trx);
        })
      : await this.#insertLimited.runAtomically(rows);
    const ids = idsInOrder(rows, stored);
    for (const [at, s] of pending.entries()) {
      const id = ids[at];
      if (id !== undefined) this.#queueForJudge(s, id);
    }
    return ids;
  }

  /** Queues a stored submission for the judge, its polls answered from memory until the judge settles it. */
  #queueForJudge(s: Pending, id: number): void {
    s.id = id;
    this.#unjudged.set(id, {
      game_id: s.game_id,
      challenge_id: s.challenge_id,
      user_id: s.user_id as string,
    });
    this.judge.enqueue(s);
  }

  /** The checks of a submission on its context row, in their order (the submission limit's is the insert's). */
  async #check(
    { key, time: now }: Attempt,
    found: ContextRow | undefined,
  ): Promise<{ ctx: Judged<ContextRow> }> {
    checkPlayContext(found, found?.status ? { status: found.status } : undefined, {
      denyAfterEnd: true,
      now,
    });
    // Past those checks the game and the participation exist; the challenge and its instance may not.
    const ctx = found as NonNullable<typeof found>;
    const { participation_id: participationId, challenge_id: id } = ctx;
    if (participationId === null || id === null || ctx.instance_id === null)
      throw new DomainError(404, 'Challenge not found');
    // A challenge not released to the team is absent to it. Only a gated challenge costs a read: its team's solves.
    const release = (await this.judging.releaseRules(key.game)).get(id);
    if (release && !(await releasedTo(this.db, release, participationId, now)))
      throw new DomainError(404, 'Challenge not found');
    if (ctx.deadline_utc !== null && now > ctx.deadline_utc && ctx.practice_mode === 0)
      throw new DomainError(400, 'The challenge deadline has passed');
    const rules = await this.judging.divisionRules(key.game, ctx.division_id);
    if (!may(rules, id, GamePermission.ViewChallenge | GamePermission.SubmitFlags))
      throw new DomainError(400, 'You may not submit flags for this challenge');
    // Checked above: a participation, an enabled challenge and its instance were found.
    return { ctx: ctx as Judged<ContextRow> };
  }

  /**
   * The verdict on one of the caller's own submissions; flag sharing is not revealed to the sharer. A recent verdict,
   * or a submission of this process still waiting for its verdict, is answered from memory, anything else from the
   * database.
   */
  async status(userId: string, gameId: number, challengeId: number, submitId: number): Promise<AnswerResult> {
    const status =
      this.recent.get(userId, gameId, challengeId, submitId) ??
      (await this.#afterJudging(userId, gameId, challengeId, submitId)) ??
      (await this.#stored(userId, gameId, challengeId, submitId));
    return status === 'CheatDetected' ? 'WrongAnswer' : status;
  }

  /**
   * A submission of the caller that this process is judging: its verdict once judged, if that comes within
   * `verdictWaitMs`, else FlagSubmitted. Clients poll with no pause until the verdict: each poll answered early is
   * one more request, and on PostgreSQL a flag took 3 to 5 of them.
   */
  async #afterJudging(
    userId: string,
    gameId: number,
    challengeId: number,
    submitId: number,
  ): Promise<AnswerResult | undefined> {
    const s = this.#unjudged.get(submitId);
    if (s?.game_id !== gameId || s.challenge_id !== challengeId || s.user_id !== userId) return undefined;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, verdictWaitMs);
      const others = s.settled;
      s.settled = () => {
        others?.();
        clearTimeout(timer);
        resolve();
      };
    });
    // Settled but not heard of here (the bus still delivering it, or judging failed): the database knows.
    return (
      this.recent.get(userId, gameId, challengeId, submitId) ??
      (this.#unjudged.has(submitId) ? 'FlagSubmitted' : undefined)
    );
  }

  async #stored(
    userId: string,
    gameId: number,
    challengeId: number,
    submitId: number,
  ): Promise<AnswerResult> {
    const row = await this.db
      .selectFrom('submissions')
      .select('status')
      .where('id', '=', submitId)
      .where('game_id', '=', gameId)
      .where('challenge_id', '=', challengeId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new DomainError(404, 'Submission not found');
    return row.status;
  }
}

/** A checked attempt as the judge takes it. */
const pendingOf = ({ attempt, ctx }: { attempt: Attempt; ctx: Judged<ContextRow> }): Pending => ({
  // The new fields go before the spread (ctx has none of them): on Node 20's V8, properties added after a spread
  // make new hidden classes on every call; that way round this object took 11 µs and left 5 KB of garbage per flag,
  // and the judge reading objects of ever-new shapes ran slower too: 15–20 % of the server's CPU time per
  // submission in all.
  id: 0,
  game_id: attempt.key.game,
  answer: attempt.flag,
  time: attempt.time,
  user_id: attempt.key.user,
  user_name: attempt.userName,
  ...ctx,
});
