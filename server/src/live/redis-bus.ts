// The bus across server processes through Redis (PENNON_REDIS_URL), on any database: each message is delivered here
// at once and PUBLISHed to the others (relay.ts: one command per turn of the event loop and lane); a second
// connection, in subscriber mode as Redis requires, delivers what the others sent. The monitor and admin hubs'
// messages have a channel of their own, subscribed only while this process has clients of those hubs. Channels and
// keys carry the deployment's namespace, so two platforms sharing one Redis hear and count nothing of each other.
// Redis takes payloads of any size we make, so nothing is shortened or read back. After an outage ioredis reconnects and the bus subscribes again;
// messages published meanwhile reach only this process's clients, as with an outage of PostgreSQL's LISTEN.
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { LiveBus, LiveListener, LiveMessage } from './bus.ts';
import { type Lane, Relay } from './relay.ts';

export interface RedisBusOptions {
  url: string;
  /** This deployment's part of every channel and key name (the processes on one database share it). */
  namespace: string;
  log?: FastifyBaseLogger;
  /** How long `start` waits for Redis before the server goes on without it (it keeps trying meanwhile). */
  startTimeoutMs?: number;
}

export class RedisBus implements LiveBus {
  readonly #relay = new Relay((items, lane) => this.#send(items, lane));
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  /** Resolves once the channel is first subscribed. */
  readonly #subscribed: Promise<void>;
  /** Set once an outage is logged: one warning per outage, not one per reconnection attempt. */
  #down = false;
  /** Callers of `watch` that have not stopped. */
  #watchers = 0;
  /** Every key and channel name of this deployment starts with it. */
  readonly keyPrefix: string;
  readonly #channels: Record<Lane, string>;

  constructor(private readonly options: RedisBusOptions) {
    this.keyPrefix = `pennon:${options.namespace}:`;
    this.#channels = { all: `${this.keyPrefix}live`, watch: `${this.keyPrefix}live:watch` };
    const channels = this.#channels;
    this.#publisher = this.#connection();
    // Subscribed on every (re)connection, the first included: ioredis's own resubscribing covers only channels
    // subscribed before, and a subscription asked for while Redis is away is given up after some retries.
    this.#subscriber = this.#connection({ autoResubscribe: false });
    this.#subscribed = new Promise((resolve) => {
      this.#subscriber.on('ready', () => {
        this.#subscribe(this.#watchers > 0 ? [channels.all, channels.watch] : [channels.all]).then(resolve);
      });
    });
    this.#subscriber.on('message', (channel: string, payload: string) => {
      if (channel !== channels.all && channel !== channels.watch) return;
      for (const item of this.#relay.itemsOf(payload)) {
        if ('message' in item) this.#relay.deliver(item.message);
      }
    });
  }

  async #subscribe(names: string[]): Promise<void> {
    await this.#subscriber.subscribe(...names).catch((err: unknown) => {
      this.options.log?.warn({ err }, 'live bus: SUBSCRIBE failed');
    });
  }

  #connection(options: RedisOptions = {}): Redis {
    const redis = new Redis(this.options.url, { lazyConnect: true, ...options });
    redis.on('error', (err: Error) => {
      if (this.#down) return;
      this.#down = true;
      this.options.log?.warn({ err }, 'live bus: Redis is unreachable; live messages stay in this process');
    });
    redis.on('ready', () => {
      if (!this.#down) return;
      this.#down = false;
      this.options.log?.info('live bus: Redis is back');
    });
    return redis;
  }

  /** The connection for commands (the other one only listens): the rate limits count on it too. */
  get commands(): Redis {
    return this.#publisher;
  }

  /**
   * Connects and subscribes; resolves once subscribed (so messages sent after it are not missed) and once the command
   * connection is ready too (so messages published after it are sent: the CLI publishes at once, then closes), or on
   * timeout.
   */
  async start(): Promise<void> {
    // A failed first connection is retried by ioredis in the background, like any later outage.
    for (const redis of [this.#publisher, this.#subscriber]) redis.connect().catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.options.startTimeoutMs ?? 5000);
    });
    const publishing = new Promise<void>((resolve) => {
      if (this.#publisher.status === 'ready') resolve();
      else this.#publisher.once('ready', () => resolve());
    });
    const outcome = await Promise.race([
      Promise.all([this.#subscribed, publishing]).then(() => 'ok' as const),
      timeout,
    ]);
    clearTimeout(timer);
    if (outcome !== 'ok') {
      this.options.log?.warn(
        { url: redacted(this.options.url) },
        'live bus: Redis did not answer at start; live messages stay in this process until it does',
      );
    }
  }

  async close(): Promise<void> {
    // QUIT follows what was sent: a process that ends right after publishing (the CLI) sends all.
    this.#relay.flush();
    await Promise.all(
      [this.#publisher, this.#subscriber].map((redis) =>
        redis.status === 'ready' ? redis.quit().catch(() => redis.disconnect()) : redis.disconnect(),
      ),
    );
  }

  publish(message: LiveMessage): void {
    this.#relay.publish(message, JSON.stringify({ message }));
  }

  delivered(): Promise<void> {
    return this.#relay.delivered();
  }

  watch(): () => void {
    // Asked for while Redis is away, the subscription is made on reconnection (see the constructor).
    if (this.#watchers++ === 0 && this.#subscriber.status === 'ready')
      void this.#subscribe([this.#channels.watch]);
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      if (--this.#watchers > 0 || this.#subscriber.status !== 'ready') return;
      this.#subscriber.unsubscribe(this.#channels.watch).catch(() => {});
    };
  }

  subscribe(listener: LiveListener): () => void {
    return this.#relay.subscribe(listener);
  }

  #send(items: string[], lane: Lane): Promise<unknown> {
    // Not queued while Redis is down: the others would get stale messages, in a burst, once it is back.
    if (this.#publisher.status !== 'ready') return Promise.resolve();
    // Redis answers once it has passed the message to every subscriber's connection.
    return this.#publisher
      .publish(this.#channels[lane], this.#relay.envelope(items))
      .catch((err: unknown) => {
        this.options.log?.warn({ err }, 'live bus: PUBLISH failed');
      });
  }
}

/** The URL without its password, for logs. */
const redacted = (url: string): string => {
  const safe = new URL(url);
  if (safe.password) safe.password = '***';
  return safe.toString();
};
