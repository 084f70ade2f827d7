// Polls one ETag'd endpoint through the SDK: its transport answers a 304 with the very object it returned
// before, so "unchanged" is an identity check. The waits between rounds follow backoff.ts.
import { DEFAULT_TIMING, nextDelay, type PollOutcome, type PollTiming } from './backoff.ts';

/** What a {@link Poller} fetches and whom it tells. */
export interface PollerOptions<T> {
  /** Reads the value once. */
  fetch: () => Promise<T>;
  /** A new value (the first one included). */
  onValue: (value: T) => void;
  /** A fetch failed; polling goes on, slower. */
  onError: (error: unknown) => void;
  /** The waits (default `DEFAULT_TIMING`). */
  timing?: PollTiming;
}

/** Fetches a value again and again, waiting as `nextDelay` says, and reports each new value. */
export class Poller<T> {
  readonly #options: PollerOptions<T>;
  readonly #timing: PollTiming;
  #last: T | undefined;
  #delay: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;
  #inFlight = false;
  #again = false;

  constructor(options: PollerOptions<T>) {
    this.#options = options;
    this.#timing = options.timing ?? DEFAULT_TIMING;
    this.#delay = this.#timing.baseMs;
  }

  /** The wait before the next round, in ms. */
  get delay(): number {
    return this.#delay;
  }

  /** Polls at once, then on schedule. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    void this.#round();
  }

  /** Polls now (something said the data changed), and from then on at the base interval. */
  now(): void {
    if (!this.#running) return;
    this.#delay = this.#timing.baseMs;
    if (this.#inFlight) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    void this.#round();
  }

  /** Stops polling; a fetch in flight is not reported. */
  stop(): void {
    this.#running = false;
    clearTimeout(this.#timer);
  }

  async #round(): Promise<void> {
    this.#inFlight = true;
    let outcome: PollOutcome;
    try {
      const value = await this.#options.fetch();
      outcome = value === this.#last ? 'unchanged' : 'changed';
      this.#last = value;
      if (this.#running && outcome === 'changed') this.#options.onValue(value);
    } catch (error) {
      outcome = 'failed';
      if (this.#running) this.#options.onError(error);
    }
    this.#inFlight = false;
    if (!this.#running) return;
    if (this.#again) {
      this.#again = false;
      void this.#round();
      return;
    }
    this.#delay = nextDelay(this.#delay, outcome, this.#timing);
    this.#timer = setTimeout(() => void this.#round(), this.#delay);
  }
}
