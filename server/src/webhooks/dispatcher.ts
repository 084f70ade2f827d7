// The webhook queue's sending end, run by every server process: it claims each endpoint's oldest pending delivery
// that is due, sends it and records the answer. A claim is a conditional UPDATE of `claimed_until` (with FOR UPDATE
// SKIP LOCKED on PostgreSQL, so processes pass over each other's rows), so one process sends a delivery at a time;
// the claim of a process killed mid-send runs out and another sends it again (receivers drop a repeated event id).
// Only an endpoint's head is ever claimed, so its deliveries arrive in order. Failures are retried with backoff for
// a day from the event, then given up.
import type { WebhookPayload } from '@pennon/sdk/contract';
import { webhookHeaders } from '@pennon/sdk/contract';
import type { Locale } from '@pennon/sdk/locales';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { formatDelivery } from './formats.ts';
import { type OutboundOptions, sendOutbound } from './outbound.ts';
import { type WebhookQueue, webhookEvent } from './queue.ts';
import { signWebhook } from './signature.ts';

/** The waits before each retry; the last repeats until a day has passed since the event. */
export const retryDelays = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;
export const giveUpAfterMs = 24 * 3_600_000;
/** How much of an answer (or of why none came) is kept to show. */
const excerptChars = 1_000;
/** Deliveries claimed at once (each of another endpoint). */
const claimBatch = 64;
/** How often a process prunes the deliveries kept to show; processes pruning at once delete the same rows. */
const pruneEveryMs = 10 * 60_000;
/** The states a delivery is done in: kept only to show. */
const done = ['delivered', 'failed'];

export const retryDelay = (attempts: number): number =>
  retryDelays[Math.min(attempts, retryDelays.length) - 1] ?? retryDelays[0];

export interface DispatcherOptions {
  outbound: OutboundOptions;
  /** How often the queue is looked at when nothing wakes it. */
  pollMs: number;
  /** How long, and how many per endpoint at most, done deliveries are kept. */
  keep: { ms: number; perEndpoint: number };
  now?: () => number;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}

type Claimed = {
  id: number;
  endpoint_id: number;
  event_id: string;
  type: string;
  game_id: number | null;
  payload: string;
  attempts: number;
  created_at: number;
};

/** A claimed delivery with its endpoint and its payload as sent. */
type ClaimedDelivery = Claimed & {
  url: string;
  secret: string;
  format: string;
  locale: string;
  event: WebhookPayload;
};

/** The times of a game told as events: its type, the column holding it, the word in the event's id. */
const gameTimes = [
  ['game.started', 'start_time', 'started'],
  ['game.frozen', 'freeze_at', 'frozen'],
  ['game.ended', 'end_time', 'ended'],
] as const;

export class WebhookDispatcher {
  readonly #now: () => number;
  readonly #postgres: boolean;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  /** Sends under way: each endpoint's on its own, so a slow one holds up no other. */
  readonly #sending = new Set<Promise<void>>();
  #again = false;
  #stopped = true;
  /** Game times already looked at: games that started or ended before this are done. */
  #scannedTo: number;
  #prunedAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly queue: WebhookQueue,
    private readonly options: DispatcherOptions,
  ) {
    this.#now = options.now ?? Date.now;
    this.#postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    // A process started within an hour of a game's start or end still reports it (once: its event id is the game's).
    this.#scannedTo = this.#now() - 3_600_000;
    queue.onQueued(() => this.wake());
  }

  start(): void {
    this.#stopped = false;
    this.wake();
  }

  /** Stops looking, and waits for the sends under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    while (this.#running) await this.#running;
    await this.settled();
  }

  /** Resolves once every send under way has ended. */
  async settled(): Promise<void> {
    while (this.#sending.size > 0) await Promise.all(this.#sending);
  }

  /** Looks at the queue now (or right after the look under way). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.run().finally(() => {
      this.#running = undefined;
      if (this.#stopped) return;
      if (this.#again) this.wake();
      else this.#timer = setTimeout(() => this.wake(), this.options.pollMs).unref();
    });
  }

  private async run(): Promise<void> {
    try {
      do {
        this.#again = false;
        await this.queueGameTimes();
        if (this.#now() - this.#prunedAt >= pruneEveryMs) await this.prune();
        // Claimed until nothing more is due; an endpoint whose delivery is under way has nothing to claim.
        while ((await this.tick()) > 0 && !this.#stopped);
      } while (this.#again && !this.#stopped);
    } catch (error) {
      this.options.log.error({ err: error }, 'The webhook dispatcher failed; it looks again later');
    }
  }

  /**
   * Claims the due deliveries and starts sending them; answers how many. Each send, once ended, looks at the queue
   * again for its endpoint's next delivery.
   */
  async tick(): Promise<number> {
    const claimed = await this.claim();
    for (const row of claimed) {
      const sending: Promise<void> = this.deliver(row)
        .catch((error) =>
          this.options.log.error({ err: error, delivery: row.id }, 'A webhook delivery failed'),
        )
        .finally(() => {
          this.#sending.delete(sending);
          this.wake();
        });
      this.#sending.add(sending);
    }
    return claimed.length;
  }

  /**
   * Game starts, freezes and ends since the last look, queued as events whose ids are the game's, so each goes once.
   */
  async queueGameTimes(): Promise<void> {
    const now = this.#now();
    const from = this.#scannedTo;
    // Looked at once a poll, not on every wake of a busy queue.
    if (now - from < this.options.pollMs) return;
    const passed = (at: number | null): at is number => at !== null && at > from && at <= now;
    const games = await this.db
      .selectFrom('games')
      .select(['id', 'start_time', 'end_time', 'freeze_at'])
      .where((eb) =>
        eb.or(gameTimes.map(([, column]) => eb.and([eb(column, '>', from), eb(column, '<=', now)]))),
      )
      .execute();
    const events = games.flatMap((g) =>
      gameTimes.flatMap(([type, column, word]) => {
        const at = g[column];
        return passed(at) ? [webhookEvent(type, g.id, {}, at, `game-${g.id}-${word}-${at}`)] : [];
      }),
    );
    await this.queue.enqueue(this.db, events);
    this.#scannedTo = now;
  }

  /**
   * Deletes the delivered and failed deliveries older than kept, and each endpoint's beyond the newest kept; answers
   * how many. An index look-up per endpoint, and a scan of a table these deletes keep small.
   */
  async prune(): Promise<number> {
    this.#prunedAt = this.#now();
    const { ms, perEndpoint } = this.options.keep;
    const aged = await this.db
      .deleteFrom('webhook_deliveries')
      .where('state', 'in', done)
      .where('last_attempt_at', '<', this.#prunedAt - ms)
      .executeTakeFirst();
    let deleted = Number(aged.numDeletedRows);
    for (const { id } of await this.db.selectFrom('webhook_endpoints').select('id').execute()) {
      // The newest delivery not kept: it and every older one go.
      const edge = await this.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', id)
        .where('state', 'in', done)
        .orderBy('id', 'desc')
        .limit(1)
        .offset(perEndpoint)
        .executeTakeFirst();
      if (!edge) continue;
      const over = await this.db
        .deleteFrom('webhook_deliveries')
        .where('endpoint_id', '=', id)
        .where('state', 'in', done)
        .where('id', '<=', edge.id)
        .executeTakeFirst();
      deleted += Number(over.numDeletedRows);
    }
    return deleted;
  }

  /** Claims the due heads, each with its endpoint and its payload (the game's title read once per claim). */
  private async claim(): Promise<ClaimedDelivery[]> {
    const now = this.#now();
    const lease = now + this.options.outbound.timeoutMs + 10_000;
    const lock = this.#postgres ? sql`FOR UPDATE SKIP LOCKED` : sql``;
    const { rows } = await sql<Claimed>`
      UPDATE webhook_deliveries SET claimed_until = ${lease}, attempts = attempts + 1
      WHERE claimed_until <= ${now} AND id IN (
        SELECT d.id FROM webhook_deliveries d
        WHERE d.next_at <= ${now} AND d.claimed_until <= ${now} AND d.id IN (
          -- Each enabled endpoint's head, one index look-up apiece however long the queue.
          SELECT (
            SELECT e.id FROM webhook_deliveries e
            WHERE e.endpoint_id = w.id AND e.state = 'pending' ORDER BY e.id LIMIT 1
          ) FROM webhook_endpoints w WHERE w.enabled = 1
        )
        ORDER BY d.id LIMIT ${claimBatch} ${lock})
      RETURNING id, endpoint_id, event_id, type, game_id, payload, attempts, created_at`.execute(this.db);
    if (rows.length === 0) return [];
    const endpoints = new Map(
      (
        await this.db
          .selectFrom('webhook_endpoints')
          .select(['id', 'url', 'secret', 'format', 'locale'])
          .where(
            'id',
            'in',
            rows.map((r) => r.endpoint_id),
          )
          .execute()
      ).map((e) => [e.id, e]),
    );
    const gameIds = [...new Set(rows.flatMap((r) => (r.game_id === null ? [] : [r.game_id])))];
    const games = new Map(
      gameIds.length === 0
        ? []
        : (
            await this.db.selectFrom('games').select(['id', 'title']).where('id', 'in', gameIds).execute()
          ).map((g) => [g.id, g]),
    );
    return rows.flatMap((row) => {
      const endpoint = endpoints.get(row.endpoint_id);
      if (!endpoint) return [];
      const stored = JSON.parse(row.payload) as Omit<WebhookPayload, 'game'>;
      const game = row.game_id === null ? null : (games.get(row.game_id) ?? null);
      return [{ ...row, ...endpoint, id: row.id, event: { ...stored, game } }];
    });
  }

  private async deliver(row: ClaimedDelivery): Promise<void> {
    const request = formatDelivery(
      { url: row.url, secret: row.secret, format: row.format as never, locale: row.locale as Locale },
      row.event,
      row.id,
    );
    const started = this.#now();
    const timestamp = Math.floor(Date.now() / 1000);
    request.headers = {
      ...request.headers,
      [webhookHeaders.event]: row.event_id,
      [webhookHeaders.type]: row.type,
      [webhookHeaders.delivery]: String(row.id),
      [webhookHeaders.timestamp]: String(timestamp),
      [webhookHeaders.signature]: signWebhook(row.secret, timestamp, request.body),
    };
    let status: number | null = null;
    let response: string;
    const sentAt = performance.now();
    try {
      const answer = await sendOutbound(request, this.options.outbound);
      status = answer.status;
      response = answer.body;
    } catch (error) {
      response = (error as Error).message;
    }
    const latency = Math.round(performance.now() - sentAt);
    const ok = status !== null && status >= 200 && status < 300;
    const now = this.#now();
    const nextAt = started + retryDelay(row.attempts);
    const state = ok ? 'delivered' : nextAt - row.created_at > giveUpAfterMs ? 'failed' : 'pending';
    if (!ok) this.options.log.warn({ delivery: row.id, status, response }, 'A webhook delivery failed');
    await this.db
      .updateTable('webhook_deliveries')
      .set({
        state,
        claimed_until: 0,
        next_at: state === 'pending' ? nextAt : now,
        response_status: status,
        latency,
        response: response.slice(0, excerptChars),
        last_attempt_at: now,
      })
      .where('id', '=', row.id)
      .execute();
  }
}
