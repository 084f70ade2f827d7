// What every bus between server processes shares, whatever carries it (PostgreSQL NOTIFY, Redis PUBLISH): a message
// is delivered in this process at once, and queued for the others. The messages of one turn of the event loop leave
// together (a burst of judged flags would otherwise cost a send per message). Each payload names the process it
// came from, so a process drops its own payloads when the transport hands them back.
import { randomBytes } from 'node:crypto';
import { type LiveListener, type LiveMessage, LocalBus } from './bus.ts';

/** A message, or a notice too large for the transport's payloads, to be read back by id. */
export type RelayItem = { message: LiveMessage } | { notice: { gameId: number; id: number } };

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

  /** `send` gets the items of one turn, each a RelayItem's JSON, to wrap with `envelope` and send. */
  constructor(private readonly send: (items: string[]) => void) {}

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
    this.send(items);
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
