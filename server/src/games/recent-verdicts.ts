// The verdicts of recent submissions, in memory, so that the status poll every client makes after a submission
// (§2.6) needs no database round trip. The judging process publishes each batch's verdicts on the live bus once they
// are committed; every process (the judging one included, the bus delivering there at once) keeps them here for a
// while. Anything not found here (a submission not judged yet, or judged before this process started, or too long
// ago) is read from the database, as before.
import { type AnswerResult, AnswerResultValues } from '@pennon/sdk/contract';
import type { LiveBus, LiveMessage, Verdict } from '../live/bus.ts';

/** A client polls for seconds after its submission; a verdict is kept a minute. */
const keepMs = 60_000;
/**
 * Slots for verdicts, a power of two. Submission ids come from one sequence, so the recent ones are consecutive and
 * a verdict goes in slot `id mod slots`, until a submission that many ids newer takes the slot.
 */
const slots = 1 << 17;
/** Verdicts per bus message: a PostgreSQL NOTIFY payload holds under 8000 bytes. */
const perMessage = 64;

/** The bus messages carrying a batch's verdicts. */
export const verdictMessages = (verdicts: Verdict[]): LiveMessage[] => {
  const messages: LiveMessage[] = [];
  for (let i = 0; i < verdicts.length; i += perMessage) {
    messages.push({ hub: 'verdicts', method: 'Judged', payload: verdicts.slice(i, i + perMessage) });
  }
  return messages;
};

/**
 * Kept in typed arrays, not one object per verdict: at thousands of flags a second, objects that live a minute all
 * reach the old heap and die there, up to 100,000 of them live at once, for every full collection to mark.
 */
export class RecentVerdicts {
  readonly #ids = new Float64Array(slots).fill(Number.NaN);
  readonly #at = new Float64Array(slots);
  readonly #games = new Int32Array(slots);
  readonly #challenges = new Int32Array(slots);
  readonly #users = new Int32Array(slots);
  readonly #statuses = new Uint8Array(slots);
  /** A number for each user seen in verdicts, from 1 (0: none); started afresh should there ever be `slots` users. */
  readonly #userNumbers = new Map<string, number>();

  constructor(
    bus: LiveBus,
    private readonly now: () => number = Date.now,
  ) {
    bus.subscribe((message) => {
      if (message.hub === 'verdicts') this.#keep(message.payload);
    });
  }

  #keep(verdicts: Verdict[]): void {
    const at = this.now();
    if (this.#userNumbers.size >= slots) {
      this.#userNumbers.clear();
      this.#ids.fill(Number.NaN);
    }
    for (const [id, gameId, challengeId, userId, status] of verdicts) {
      const slot = id & (slots - 1);
      this.#ids[slot] = id;
      this.#at[slot] = at;
      this.#games[slot] = gameId;
      this.#challenges[slot] = challengeId;
      this.#users[slot] = this.#userNumber(userId);
      this.#statuses[slot] = AnswerResultValues.indexOf(status);
    }
  }

  #userNumber(userId: string | null): number {
    if (userId === null) return 0;
    const known = this.#userNumbers.get(userId);
    if (known !== undefined) return known;
    const n = this.#userNumbers.size + 1;
    this.#userNumbers.set(userId, n);
    return n;
  }

  /** The verdict of the user's submission, if known here; undefined: ask the database. */
  get(userId: string, gameId: number, challengeId: number, submitId: number): AnswerResult | undefined {
    const slot = submitId & (slots - 1);
    if (this.#ids[slot] !== submitId || (this.#at[slot] as number) <= this.now() - keepMs) return undefined;
    if (
      this.#games[slot] !== gameId ||
      this.#challenges[slot] !== challengeId ||
      this.#users[slot] !== this.#userNumbers.get(userId)
    )
      return undefined;
    return AnswerResultValues[this.#statuses[slot] as number];
  }
}
