// What every bus between server processes shares, whatever carries it (PostgreSQL NOTIFY, Redis PUBLISH): a message
// is delivered in this process at once, and queued for the others. The messages of one turn of the event loop leave
// together (a burst of judged flags would otherwise cost a send per message). Each payload names the process it
// came from, so a process drops its own payloads when the transport hands them back. Messages for the monitor and
// admin hubs travel apart (the `watch` lane), to the processes with such clients only (LiveBus.watch).
import { randomBytes } from 'node:crypto';
import { forWatchers, type LiveListener, type LiveMessage, LocalBus } from './bus.ts';

/** A message, or a notice too large for the transport's payloads, to be read back by id. */
export type RelayItem = { message: LiveMessage } | { notice: { gameId: number; id: number } };

/** What every process hears, and what only processes with monitor or admin clients do. */
export type Lane = 'all' | 'watch';

/** The longest `delivered` waits for a transport that does not answer: a hung one must not hold answers back. */
const deliveryWaitMs = 100;

/** `from` leads, so a process can tell its own payloads without parsing them. */
interface Envelope {
  from: string;
  items: RelayItem[];
}

export class Relay {
  readonly #local = new LocalBus();
  readonly #ownPrefix = `{"from":${JSON.stringify(randomBytes(8).toString('hex'))},`;
  /** Encoded items waiting for the next send, per lane. */
  #outbox: Record<Lane, string[]> = { all: [], watch: [] };
  /** Sends the transport has not confirmed yet. */
  readonly #sending = new Set<Promise<unknown>>();

  /**
   * `send` gets the items of one turn and lane, each a RelayItem's JSON, to wrap with `envelope` and send; it answers
   * a promise settled once the transport took them (or gave up).
   */
  constructor(private readonly send: (items: string[], lane: Lane) => Promise<unknown>) {}

  /** Delivers here now; `item` (undefined: this process only) leaves with the others of this turn. */
  publish(message: LiveMessage, item: string | undefined): void {
    this.#local.publish(message);
    if (item === undefined) return;
    if (this.#outbox.all.length + this.#outbox.watch.length === 0) setImmediate(() => this.flush());
    this.#outbox[forWatchers(message) ? 'watch' : 'all'].push(item);
  }

  /** Sends the items waiting, now rather than at the end of this turn (a closing bus). */
  flush(): void {
    const outbox = this.#outbox;
    this.#outbox = { all: [], watch: [] };
    for (const lane of ['all', 'watch'] as const) {
      if (outbox[lane].length === 0) continue;
      const sending = this.send(outbox[lane], lane).finally(() => this.#sending.delete(sending));
      this.#sending.add(sending);
    }
  }

  /** Sends what waits now, and resolves once the transport took (or gave up) everything sent so far. */
  async sent(): Promise<void> {
    this.flush();
    await Promise.allSettled(this.#sending);
  }

  /** As `sent`, but resolves after `deliveryWaitMs` at the latest. */
  delivered(): Promise<void> {
    this.flush();
    if (this.#sending.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, deliveryWaitMs);
      this.sent().then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Delivers a message received from another process here only. */
  deliver(message: LiveMessage): void {
    this.#local.publish(message);
  }

  subscribe(listener: LiveListener): () => void {
    return this.#local.subscribe(listener);
  }

  /** The payload carrying `items` (JSON texts). */
  envelope(items: string[]): string {
    return `${this.#ownPrefix}"items":[${items.join(',')}]}`;
  }

  /** The items of another process's payload; none of this process's own, nor of a payload that is not ours. */
  itemsOf(payload: string): RelayItem[] {
    if (payload.startsWith(this.#ownPrefix)) return [];
    try {
      return (JSON.parse(payload) as Envelope).items ?? [];
    } catch {
      return [];
    }
  }
}
