// The checker of §4.7: submissions are judged in batches. When nothing waits in the queue, the flags the submit
// path checked together are judged as they are stored: on SQLite in one transaction, on PostgreSQL in one statement
// (`judged-statement.ts`) unless a flag may be another team's. Else whatever queued up while the previous batch was
// written is judged in one transaction, so a burst costs one commit rather than one per flag. The queue is in submit
// order, so a challenge's solves are judged in submit order and blood notices come out in that order too.
// The submit path hands over what it read for its checks, so judging reads nothing more of the submission; only
// submissions left unjudged by a previous run are read back, at start.
import type { AnswerResult, NoticeType, Submission } from '@pennon/sdk/contract';
import { type Kysely, PostgresAdapter } from 'kysely';
import { type Column, column, prepareRows } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { LiveBus, Verdict } from '../live/bus.ts';
import type { AuditLog, LogRow } from '../services/audit-log.ts';
import type { WebhookQueue } from '../webhooks/queue.ts';
import { judgedOnce } from './blood-race.ts';
import { eventRow, type GameFeed, noticeMessage } from './feed.ts';
import { noticesEnd } from './freeze.ts';
import { type JudgedRow, type JudgedStatement, prepareJudged } from './judged-statement.ts';
import type { JudgingCache } from './judging-cache.ts';
import { verdictMessages } from './recent-verdicts.ts';
import type { Scoreboards } from './scoreboard.ts';
import { solveEvents } from './solve-events.ts';
import { submissionRow } from './submission-rows.ts';
import { prepareUnjudged } from './unjudged.ts';
import { type BatchOutcome, bloodNotices, emptyOutcome, VerdictRecords } from './verdict-records.ts';
import {
  type BatchContext,
  flagSubmitEvent,
  mayBeShared,
  mayBleed,
  type Pending,
  verdictLog,
  verdictOf,
} from './verdict-rules.ts';

/** The most submissions judged in one transaction: on SQLite a batch holds the event loop until it commits. */
const maxBatch = 200;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A committed batch: the submissions it judged, and what is left to publish. */
interface Committed {
  rows: Pending[];
  outcome: BatchOutcome;
}

export class Judge {
  /** Submissions waiting, in id order. */
  readonly #queue: Pending[] = [];
  #running: Promise<void> | undefined;
  readonly #load;
  readonly #records: VerdictRecords;
  /** Every verdict of a batch, in one statement that also claims the batch. */
  readonly #claim;
  /**
   * PostgreSQL: a batch stored with its verdicts and all they write in one statement (undefined on SQLite). It is
   * all or nothing without a transaction around it: one round trip where storing a solve and then judging it took
   * two commits and eight round trips or more. SQLite's one connection runs everything one after another, so there
   * the batch is stored and judged in one transaction.
   */
  readonly #storeJudged: JudgedStatement | undefined;
  readonly #verdictListeners: ((verdict: AnswerResult) => void)[] = [];
  readonly #acceptedListeners: ((accepted: Pending[]) => void)[] = [];
  readonly #settledListeners: ((ids: number[]) => void)[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly feed: GameFeed,
    private readonly bus: LiveBus,
    private readonly scoreboards: Scoreboards,
    private readonly judging: JudgingCache,
    private readonly log: { error(obj: unknown, msg: string): void },
    /** Solves and detected cheats go to the admin log, where organisers follow the game. */
    private readonly auditLog: AuditLog,
    /** Solves and bloods are queued for the webhooks in the verdicts' transaction. */
    private readonly webhooks?: WebhookQueue,
    private readonly now: () => number = Date.now,
  ) {
    this.#storeJudged = db.getExecutor().adapter instanceof PostgresAdapter ? prepareJudged(db) : undefined;
    this.#records = new VerdictRecords(db, feed, now);
    this.#load = prepareUnjudged(db);
    // Each process re-queues every unjudged submission when it starts, so another may be judging the same ones: this
    // update locks their rows as it sets their verdicts, and whichever process comes second waits for the first one's
    // commit and then finds them judged. Only what it returns is judged here.
    this.#claim = prepareRows(
      db,
      { id: column.integer, status: column.text as Column<AnswerResult> },
      (db, verdicts) =>
        db
          .updateTable('submissions')
          .from(verdicts)
          .set((eb) => ({ status: eb.ref('r.status') }))
          .whereRef('submissions.id', '=', 'r.id')
          .where('submissions.status', '=', 'FlagSubmitted')
          .returning('submissions.id'),
    );
  }

  /** Submissions waiting for their verdict. */
  get queueDepth(): number {
    return this.#queue.length;
  }

  /** Called with each verdict once committed. */
  onVerdict(listener: (verdict: AnswerResult) => void): void {
    this.#verdictListeners.push(listener);
  }

  /** Called with each batch's accepted submissions once committed (not at all for a batch without one). */
  onAccepted(listener: (accepted: Pending[]) => void): void {
    this.#acceptedListeners.push(listener);
  }

  /**
   * Called with each batch's submission ids once this process is done with them: judged and their verdicts
   * published, found judged by another process, or failed (left FlagSubmitted in the database).
   */
  onSettled(listener: (ids: number[]) => void): void {
    this.#settledListeners.push(listener);
  }

  enqueue(submission: Pending): void {
    // Kept in id order (arrivals are nearly ordered already), so a challenge's solves are judged in submit order.
    let at = this.#queue.length;
    while (at > 0 && (this.#queue[at - 1] as Pending).id > submission.id) at--;
    this.#queue.splice(at, 0, submission);
    this.#running ??= this.work();
  }

  /** Re-queues what a previous run left unjudged. */
  async resume(): Promise<void> {
    for (const row of (await this.#load.run({})).rows) this.enqueue(row);
  }

  /** Resolves once every queued submission is judged. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  private async work(): Promise<void> {
    // The submissions stored together are queued together, in one go: the first batch takes them all at once, with
    // no turn of the event loop to wait. A turn between batches serves requests meanwhile and lets the next one fill.
    // Done in the same step as the last look at the queue: a submission queued right after starts another run.
    try {
      await Promise.resolve();
      for (;;) {
        const batch = this.#queue.splice(0, maxBatch);
        try {
          await this.judgeBatch(batch);
        } catch (error) {
          if (batch.length === 1) this.fail(error, batch[0] as Pending);
          // Judged alone, a submission that cannot be judged holds back no other.
          else for (const s of batch) await this.judgeBatch([s]).catch((e) => this.fail(e, s));
        }
        const ids = batch.map((s) => s.id);
        for (const listener of this.#settledListeners) listener(ids);
        if (this.#queue.length === 0) return;
        await nextTurn();
      }
    } finally {
      this.#running = undefined;
    }
  }

  /** Left FlagSubmitted: the next start re-queues it. */
  private fail(error: unknown, submission: Pending): void {
    this.log.error({ err: error, submission: submission.id }, 'Judging a submission failed');
  }

  /** Judges stored submissions (queued), setting their verdicts where no other process has yet. */
  private async judgeBatch(batch: Pending[]): Promise<void> {
    const committed = await this.commitVerdicts(batch, async (trx, statuses) => {
      const verdicts = batch.map((s, at) => ({ id: s.id, status: statuses[at] as AnswerResult }));
      const claimed = new Set((await this.#claim.run(verdicts, trx)).map(({ id }) => id));
      return batch.filter((s) => claimed.has(s.id));
    });
    this.publish(committed);
  }

  /**
   * Judges submissions not stored yet (their `id` 0) as they are stored: on SQLite `store` stores them with their
   * verdicts in the judge's transaction (answering their ids in order), on PostgreSQL one statement does it all. Only
   * while the queue is idle (so that judging stays in submit order), and for a batch that fits one; answers
   * undefined, with nothing stored, otherwise or when judging failed: then store them as submitted and queue them.
   */
  async judgeNew(
    batch: Pending[],
    store: (trx: Kysely<Database>, statuses: AnswerResult[]) => Promise<number[]>,
  ): Promise<number[] | undefined> {
    if (this.#running || batch.length > maxBatch) return undefined;
    if (this.#storeJudged) return this.storeJudged(this.#storeJudged, batch);
    let committed: Committed;
    try {
      committed = await this.commitVerdicts(batch, async (trx, statuses) => {
        for (const [at, id] of (await store(trx, statuses)).entries()) (batch[at] as Pending).id = id;
        return batch;
      });
    } catch (error) {
      this.log.error({ err: error }, 'Judging new submissions failed; queued instead');
      return undefined;
    }
    this.publish(committed);
    return batch.map((s) => s.id);
  }

  /**
   * Judges a batch before storing it, then stores it with its verdicts and all they write in one statement. Answers
   * undefined, with nothing stored, for a batch with a flag that may be another team's (flag sharing needs a
   * transaction's reads), or when the statement failed.
   */
  private async storeJudged(statement: JudgedStatement, batch: Pending[]): Promise<number[] | undefined> {
    const context = await this.contextOf(batch);
    if (batch.some((s) => mayBeShared(s, context))) return undefined;
    const statuses = batch.map((s) => verdictOf(s, context, new Map()));
    const events = this.feed.eventMessages(
      batch.flatMap((s, at) =>
        s.instance_id === null ? [] : [flagSubmitEvent(s, statuses[at] === 'Accepted')],
      ),
    );
    const logged = batch.map((s, at) => this.auditLog.entriesNow(verdictLog(s, statuses[at])));
    const now = this.now();
    const noticeTime = this.feed.now();
    let event = 0;
    const rows = batch.map((s, at) => {
      const status = statuses[at] as AnswerResult;
      const message = s.instance_id === null ? undefined : events[event++];
      const stored = message && eventRow(message);
      const [log] = (logged[at] as { rows: LogRow[] }).rows;
      // The submission's fields go last: on Node 20's V8, the properties added after a spread took about 20 µs per
      // row here (as in submissions.ts), and their garbage doubled the collector's time per flag.
      return {
        n: at,
        event_values: stored?.values ?? null,
        event_time: stored?.time ?? 0,
        user_name: stored?.user_name ?? '',
        team_name: stored?.team_name ?? '',
        log_level: log?.level ?? null,
        log_msg: log?.msg ?? '',
        log_name: log?.name ?? null,
        log_status: log?.status ?? null,
        log_time: log?.time ?? 0,
        may_bleed: mayBleed(s, context) ? 1 : 0,
        notify: now < noticesEnd(s) ? 1 : 0,
        notice_values: JSON.stringify([s.team_name, s.title]),
        notice_time: noticeTime,
        hook_time: now,
        hook_team: status === 'Accepted' ? s.team_name : '',
        hook_title: status === 'Accepted' ? s.title : '',
        hook_user: s.user_name,
        ...submissionRow(s, status),
      };
    });
    let judged: JudgedRow[];
    try {
      judged = await judgedOnce(() => statement.run(rows));
    } catch (error) {
      this.log.error({ err: error }, 'Storing judged flags failed; queued instead');
      return undefined;
    }
    const outcome = emptyOutcome();
    for (const row of judged.sort((a, b) => a.n - b.n)) {
      const s = batch[row.n] as Pending;
      s.id = row.id;
      outcome.verdicts.set(s.id, statuses[row.n] as AnswerResult);
      if (row.first) {
        outcome.changedGames.add(s.game_id);
        outcome.firsts.set(s.id, (row.blood ?? 0) as 0 | 1 | 2 | 3);
      }
      if (row.notice_id !== null) {
        const type = bloodNotices[(row.blood as number) - 1] as NoticeType;
        const values = [s.team_name, s.title];
        outcome.messages.push(
          noticeMessage(s.game_id, { id: row.notice_id, type, values, time: noticeTime }),
        );
      }
    }
    outcome.messages.push(...events, ...logged.flatMap((l) => l.messages));
    if (judged[0]?.queued) this.webhooks?.wake();
    this.publish({ rows: batch, outcome });
    return batch.map((s) => s.id);
  }

  /**
   * Judges a batch in one transaction; `write` writes the verdicts (in batch order) and answers the submissions that
   * are this process's to record, with their ids. Answers what is left to publish.
   */
  private async commitVerdicts(
    batch: Pending[],
    write: (trx: Kysely<Database>, statuses: AnswerResult[]) => Promise<Pending[]>,
  ): Promise<Committed> {
    const context = await this.contextOf(batch);
    const { webhooks } = this;
    let queued = false;
    // The verdicts are written with everything else, in one commit: whoever polls one finds the solve, notices
    // and events already there. Should the process stop first, the whole batch is judged again at start.
    const committed = await judgedOnce(() =>
      this.db.transaction().execute(async (trx) => {
        const outcome = emptyOutcome();
        // Every verdict is known before it is written (only flag sharing needs a read).
        const owners = await this.#records.flagOwners(trx, batch, context);
        const statuses = batch.map((s) => verdictOf(s, context, owners));
        const rows = await write(trx, statuses);
        const written = new Set(rows);
        for (const [at, s] of batch.entries())
          if (written.has(s)) outcome.verdicts.set(s.id, statuses[at] as AnswerResult);
        await this.#records.recordSolves(
          trx,
          rows.filter((s) => outcome.verdicts.get(s.id) === 'Accepted'),
          context,
          outcome,
        );
        for (const s of rows) await this.#records.record(trx, s, owners.get(s), outcome);
        outcome.messages.push(...(await this.feed.storeEvents(trx, outcome.events)));
        for (const gameId of outcome.changedGames) await this.scoreboards.invalidate(gameId, trx);
        const logged = rows.flatMap((s) => verdictLog(s, outcome.verdicts.get(s.id)));
        outcome.messages.push(...(await this.auditLog.store(trx, logged)));
        if (webhooks) {
          const events = await solveEvents(trx, webhooks, rows, outcome, this.now());
          await webhooks.enqueue(trx, events);
          queued = events.length > 0;
        }
        return { rows, outcome };
      }),
    );
    if (queued) webhooks?.wake();
    return committed;
  }

  /** Tells everyone what a committed batch changed. */
  private publish({ rows, outcome }: Committed): void {
    for (const gameId of outcome.changedGames) this.scoreboards.forget(gameId);
    for (const message of outcome.messages) this.bus.publish(message);
    const verdicts = rows.map(
      (s): Verdict => [
        s.id,
        s.game_id,
        s.challenge_id,
        s.user_id,
        outcome.verdicts.get(s.id) as AnswerResult,
      ],
    );
    for (const message of verdictMessages(verdicts)) this.bus.publish(message);
    for (const verdict of outcome.verdicts.values())
      for (const listener of this.#verdictListeners) listener(verdict);
    if (this.#acceptedListeners.length > 0) {
      const accepted = rows.filter((s) => outcome.verdicts.get(s.id) === 'Accepted');
      if (accepted.length > 0) for (const listener of this.#acceptedListeners) listener(accepted);
    }
    for (const s of rows) {
      const submission: Submission = {
        answer: s.answer,
        status: outcome.verdicts.get(s.id) as AnswerResult,
        time: s.time,
        user: s.user_name ?? '',
        team: s.team_name,
        challenge: s.title,
        id: s.id,
      };
      this.bus.publish({
        hub: 'monitor',
        gameId: s.game_id,
        method: 'ReceivedSubmissions',
        payload: submission,
      });
    }
  }

  /** The flags and division rules the batch is judged by. */
  private contextOf(rows: Pending[]): Promise<BatchContext> {
    const staticChallenges = new Set<number>();
    const games = new Set<number>();
    for (const s of rows) {
      if (!s.type.startsWith('Dynamic')) staticChallenges.add(s.challenge_id);
      games.add(s.game_id);
    }
    return this.judging.read(staticChallenges, games);
  }
}
