// The bus across server processes on one PostgreSQL database: each message is delivered here at once and sent to
// the other processes with NOTIFY on one channel; a dedicated connection LISTENs and delivers what the others sent.
// NOTIFY payloads are capped (8000 bytes): a larger notice travels as its id and is read back from `game_notices`;
// a larger log message is shortened; anything else that large is delivered only in this process.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.ts';
import { type LiveBus, type LiveListener, type LiveMessage, LocalBus } from './bus.ts';

export const liveChannel = 'pennon_live';
/** Below PostgreSQL's 8000-byte NOTIFY limit, with room for the envelope. */
const maxPayload = 7900;

type Envelope =
  | { from: string; message: LiveMessage }
  | { from: string; notice: { gameId: number; id: number } };

export interface PostgresBusOptions {
  databaseUrl: string;
  db: Kysely<Database>;
  log?: FastifyBaseLogger;
  /** Wait before listening again after the listening connection dropped. */
  retryMs?: number;
}

export class PostgresBus implements LiveBus {
  readonly #local = new LocalBus();
  readonly #origin = randomBytes(8).toString('hex');
  #client: pg.Client | undefined;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(private readonly options: PostgresBusOptions) {}

  /** Starts listening; resolves once LISTEN is in place (so messages sent after it are not missed). */
  async start(): Promise<void> {
    if (this.#closed || this.#client) return;
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    this.#client = client;
    client.on('notification', (n) => {
      if (n.channel === liveChannel && n.payload) void this.#receive(n.payload);
    });
    client.on('error', (err) => {
      this.options.log?.warn({ err }, 'live bus: the LISTEN connection failed');
      this.#restart(client);
    });
    client.on('end', () => this.#restart(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${liveChannel}`);
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
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  publish(message: LiveMessage): void {
    this.#local.publish(message);
    const payload = this.#encode(message);
    if (payload === undefined) return;
    sql`select pg_notify(${liveChannel}, ${payload})`.execute(this.options.db).catch((err: unknown) => {
      this.options.log?.warn({ err }, 'live bus: NOTIFY failed');
    });
  }

  subscribe(listener: LiveListener): () => void {
    return this.#local.subscribe(listener);
  }

  #encode(message: LiveMessage): string | undefined {
    const from = this.#origin;
    const whole = JSON.stringify({ from, message } satisfies Envelope);
    if (Buffer.byteLength(whole) <= maxPayload) return whole;
    if (message.method === 'ReceivedGameNotice') {
      return JSON.stringify({
        from,
        notice: { gameId: message.gameId, id: message.payload.id },
      } satisfies Envelope);
    }
    if (message.method === 'ReceivedLog') {
      const msg = message.payload.msg ?? '';
      const shortened = { ...message, payload: { ...message.payload, msg: `${msg.slice(0, 2000)}…` } };
      const again = JSON.stringify({ from, message: shortened } satisfies Envelope);
      if (Buffer.byteLength(again) <= maxPayload) return again;
    }
    this.options.log?.warn({ method: message.method }, 'live bus: message too large for other processes');
    return undefined;
  }

  async #receive(payload: string): Promise<void> {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === this.#origin) return;
    if ('message' in envelope) {
      this.#local.publish(envelope.message);
      return;
    }
    const { gameId, id } = envelope.notice;
    const row = await this.options.db
      .selectFrom('game_notices')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
      .catch(() => undefined);
    if (!row) return;
    this.#local.publish({
      hub: 'user',
      gameId,
      method: 'ReceivedGameNotice',
      payload: { id: row.id, type: row.type, values: JSON.parse(row.values) as string[], time: row.time },
    });
  }
}
