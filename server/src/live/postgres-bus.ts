// The bus across server processes on one PostgreSQL database: each message is delivered here at once and sent to
// the other processes with NOTIFY (relay.ts: one statement per turn of the event loop); a dedicated connection
// LISTENs and delivers what the others sent. The monitor and admin hubs' messages have a channel of their own,
// listened to only while this process has clients of those hubs.
// NOTIFY payloads are capped (8000 bytes): a larger notice travels as its id and is read back from `game_notices`;
// a larger log message is shortened; anything else that large is delivered only in this process.
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.ts';
import type { LiveBus, LiveListener, LiveMessage } from './bus.ts';
import { type Lane, Relay, type RelayItem } from './relay.ts';

export const liveChannel = 'pennon_live';
const channels: Record<Lane, string> = { all: liveChannel, watch: `${liveChannel}_watch` };
/** Below PostgreSQL's 8000-byte NOTIFY limit, with room for the envelope. */
const maxPayload = 7900;

export interface PostgresBusOptions {
  databaseUrl: string;
  db: Kysely<Database>;
  log?: FastifyBaseLogger;
  /** Wait before listening again after the listening connection dropped. */
  retryMs?: number;
}

export class PostgresBus implements LiveBus {
  readonly #relay = new Relay((items, lane) => this.#send(items, lane));
  #client: pg.Client | undefined;
  /** Callers of `watch` that have not stopped. */
  #watchers = 0;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;
  constructor(private readonly options: PostgresBusOptions) {}

  /** Starts listening; resolves once LISTEN is in place (so messages sent after it are not missed). */
  async start(): Promise<void> {
    if (this.#closed || this.#client) return;
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    this.#client = client;
    client.on('notification', (n) => {
      if ((n.channel === channels.all || n.channel === channels.watch) && n.payload)
        void this.#receive(n.payload);
    });
    client.on('error', (err) => {
      this.options.log?.warn({ err }, 'live bus: the LISTEN connection failed');
      this.#restart(client);
    });
    client.on('end', () => this.#restart(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channels.all}`);
      if (this.#watchers > 0) await client.query(`LISTEN ${channels.watch}`);
    } catch (err) {
      this.options.log?.warn({ err }, 'live bus: could not LISTEN');
      this.#restart(client);
    }
  }

  #restart(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    client.end().catch(() => {});
    if (this.#closed) return;
    this.#retry = setTimeout(() => void this.start(), this.options.retryMs ?? 1000);
    this.#retry.unref();
  }

  async close(): Promise<void> {
    // A process that ends right after publishing (the CLI) sends all.
    await this.#relay.sent();
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  publish(message: LiveMessage): void {
    this.#relay.publish(message, this.#encode(message));
  }

  delivered(): Promise<void> {
    return this.#relay.delivered();
  }

  watch(): () => void {
    // Without a connection now, the next one listens (`start`).
    if (this.#watchers++ === 0) this.#client?.query(`LISTEN ${channels.watch}`).catch(() => {});
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      if (--this.#watchers === 0) this.#client?.query(`UNLISTEN ${channels.watch}`).catch(() => {});
    };
  }

  /** The items of one turn, packed into as few payloads as fit, all sent by one statement. */
  #send(outbox: string[], lane: Lane): Promise<unknown> {
    const empty = Buffer.byteLength(this.#relay.envelope([]));
    const payloads: string[] = [];
    let items: string[] = [];
    let size = empty;
    for (const item of outbox) {
      const added = Buffer.byteLength(item) + (items.length > 0 ? 1 : 0);
      if (items.length > 0 && size + added > maxPayload) {
        payloads.push(this.#relay.envelope(items));
        items = [];
        size = empty;
      }
      size += Buffer.byteLength(item) + (items.length > 0 ? 1 : 0);
      items.push(item);
    }
    payloads.push(this.#relay.envelope(items));
    const notifies = payloads.map((payload) => sql`pg_notify(${channels[lane]}, ${payload})`);
    // Committed once it answers: the listeners are notified by then.
    return sql`select ${sql.join(notifies)}`.execute(this.options.db).catch((err: unknown) => {
      this.options.log?.warn({ err }, 'live bus: NOTIFY failed');
    });
  }

  subscribe(listener: LiveListener): () => void {
    return this.#relay.subscribe(listener);
  }

  /** The message as one JSON item that fits a payload on its own, or undefined when it cannot. */
  #encode(message: LiveMessage): string | undefined {
    const fits = (item: RelayItem) => {
      const json = JSON.stringify(item);
      return Buffer.byteLength(this.#relay.envelope([json])) <= maxPayload ? json : undefined;
    };
    const whole = fits({ message });
    if (whole) return whole;
    if (message.method === 'ReceivedGameNotice') {
      return fits({ notice: { gameId: message.gameId, id: message.payload.id } });
    }
    if (message.method === 'ReceivedLog') {
      const msg = message.payload.msg ?? '';
      const shortened = fits({
        message: { ...message, payload: { ...message.payload, msg: `${msg.slice(0, 2000)}…` } },
      });
      if (shortened) return shortened;
    }
    this.options.log?.warn({ method: message.method }, 'live bus: message too large for other processes');
    return undefined;
  }

  async #receive(payload: string): Promise<void> {
    for (const item of this.#relay.itemsOf(payload)) {
      if ('message' in item) this.#relay.deliver(item.message);
      else await this.#deliverNotice(item.notice);
    }
  }

  /** A notice too large for a payload, read back from the table. */
  async #deliverNotice({ gameId, id }: { gameId: number; id: number }): Promise<void> {
    const row = await this.options.db
      .selectFrom('game_notices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
      .catch(() => undefined);
    if (!row) return;
    this.#relay.deliver({
      hub: 'user',
      gameId,
      method: 'ReceivedGameNotice',
      payload: { id: row.id, type: row.type, values: JSON.parse(row.values) as string[], time: row.time },
    });
  }
}
