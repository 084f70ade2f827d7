// What every bus between server processes shares, whatever carries it (PostgreSQL NOTIFY, Redis PUBLISH): a message
// is delivered in this process at once, and queued for the others. The messages of one turn of the event loop leave
// together (a burst of judged flags would otherwise cost a send per message). Each payload names the process it
// came from, so a process drops its own payloads when the transport hands them back.
import { randomBytes } from 'node:crypto';
import { type LiveListener, type LiveMessage, LocalBus } from './bus.ts';

/** A message, or a notice too large for the transport's payloads, to be read back by id. */
export type RelayItem = { message: LiveMessage } | { notice: { gameId: number; id: number } };

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
  /** Encoded items waiting for the next send. */
  #outbox: string[] = [];
  /** Sends the transport has not confirmed yet. */
  readonly #sending = new Set<Promise<unknown>>();

  /**
   * `send` gets the items of one turn, each a RelayItem's JSON, to wrap with `envelope` and send; it answers a promise
   * settled once the transport took them (or gave up).
   */
  constructor(private readonly send: (items: string[]) => Promise<unknown>) {}

  /** Delivers here now; `item` (undefined: this process only) leaves with the others of this turn. */
  publish(message: LiveMessage, item: string | undefined): void {
    this.#local.publish(message);
    if (item === undefined) return;
    if (this.#outbox.length === 0) setImmediate(() => this.flush());
    this.#outbox.push(item);
  }

  /** Sends the items waiting, now rather than at the end of this turn (a closing bus). */
  flush(): void {
    const items = this.#outbox;
    if (items.length === 0) return;
    this.#outbox = [];
    const sending = this.send(items).finally(() => this.#sending.delete(sending));
    this.#sending.add(sending);
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
