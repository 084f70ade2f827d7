// One SQLite server has no other server process to tell, but the CLI runs beside it, and what it changes must reach
// the server at once: `pennon reset-password` ends sessions the server keeps in memory and live connections it holds
// open. The CLI writes its messages into the table `bus_messages` (kept a minute); the server notices another
// connection's commit by `PRAGMA data_version`, which SQLite answers from memory, and delivers the rows it has not
// seen. What the server publishes stays in the server.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type LiveBus, type LiveListener, type LiveMessage, LocalBus } from './bus.ts';

/** How often the server asks whether another process committed. */
const pollMs = 250;
/** How long a message written waits for the server to read it. */
const keptMs = 60_000;

const dataVersion = async (db: Kysely<Database>): Promise<number> => {
  const { rows } = await sql<{ data_version: number }>`pragma data_version`.execute(db);
  return rows[0]?.data_version ?? 0;
};

/** The server's side: delivers here what it publishes, and what other processes wrote. */
export class SqliteBus implements LiveBus {
  readonly #local = new LocalBus();
  #version = 0;
  /** The last message read. */
  #seen = 0;
  #timer: NodeJS.Timeout | undefined;
  #polling: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log?: { warn(obj: unknown, msg: string): void },
  ) {}

  async start(): Promise<void> {
    this.#version = await dataVersion(this.db);
    const last = await this.db
      .selectFrom('bus_messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    this.#seen = last?.id ?? 0;
    this.#timer = setInterval(() => {
      this.#polling ??= this.#poll()
        .catch((err: unknown) => this.log?.warn({ err }, 'reading the CLI’s live messages failed'))
        .finally(() => {
          this.#polling = undefined;
        });
    }, pollMs);
    this.#timer.unref();
  }

  async #poll(): Promise<void> {
    const version = await dataVersion(this.db);
    if (version === this.#version) return;
    this.#version = version;
    const rows = await this.db
      .selectFrom('bus_messages')
      .select(['id', 'message'])
      .where('id', '>', this.#seen)
      .orderBy('id')
      .execute();
    for (const row of rows) {
      this.#seen = row.id;
      this.#local.publish(JSON.parse(row.message) as LiveMessage);
    }
  }

  publish(message: LiveMessage): void {
    this.#local.publish(message);
  }

  /** What the server publishes stays in it. */
  delivered(): Promise<void> {
    return Promise.resolve();
  }

  /** The CLI sends nothing for the monitors. */
  watch(): () => void {
    return () => {};
  }

  subscribe(listener: LiveListener): () => void {
    return this.#local.subscribe(listener);
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#polling;
  }
}

/** The CLI's side: every message is written for the server to read. */
export class SqliteSender implements LiveBus {
  readonly #writing: Promise<unknown>[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  publish(message: LiveMessage): void {
    const now = this.now();
    this.#writing.push(
      this.db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('bus_messages')
          .where('created_at', '<', now - keptMs)
          .execute();
        await trx
          .insertInto('bus_messages')
          .values({ message: JSON.stringify(message), created_at: now })
          .execute();
      }),
    );
  }

  async delivered(): Promise<void> {
    await Promise.all(this.#writing);
  }

  /** Nothing is published to the CLI. */
  subscribe(): () => void {
    return () => {};
  }

  watch(): () => void {
    return () => {};
  }

  /** Resolves once every message is written. */
  async close(): Promise<void> {
    await Promise.all(this.#writing);
  }
}
