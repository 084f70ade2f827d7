// The verdicts of recent submissions, in memory, so that the status poll every client makes after a submission
// (§2.6) needs no database round trip. The judging process publishes each batch's verdicts on the live bus once they
// are committed; every process (the judging one included, the bus delivering there at once) keeps them here for a
// while. Anything not found here (a submission not judged yet, or judged before this process started, or too long
// ago) is read from the database, as before.
import type { AnswerResult } from '@pennon/sdk/contract';
import type { LiveBus, LiveMessage, Verdict } from '../live/bus.ts';

/** A client polls for seconds after its submission; a verdict is kept a minute. */
const keepMs = 60_000;
/** At most this many verdicts are kept (about 10 MB), whatever the rate of submissions. */
const capacity = 100_000;
/** Verdicts per bus message: a PostgreSQL NOTIFY payload holds under 8000 bytes. */
const perMessage = 64;

interface Kept {
  gameId: number;
  challengeId: number;
  userId: string | null;
  status: AnswerResult;
  at: number;
}

/** The bus messages carrying a batch's verdicts. */
export const verdictMessages = (verdicts: Verdict[]): LiveMessage[] => {
  const messages: LiveMessage[] = [];
  for (let i = 0; i < verdicts.length; i += perMessage) {
    messages.push({ hub: 'verdicts', method: 'Judged', payload: verdicts.slice(i, i + perMessage) });
  }
  return messages;
};

export class RecentVerdicts {
  /** Submission id → its verdict, oldest first. */
  readonly #kept = new Map<number, Kept>();

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
    for (const [id, gameId, challengeId, userId, status] of verdicts) {
      this.#kept.delete(id); // re-judged (after a restart): kept as the newest
      this.#kept.set(id, { gameId, challengeId, userId, status, at });
    }
    for (const [id, kept] of this.#kept) {
      if (this.#kept.size <= capacity && kept.at > at - keepMs) break;
      this.#kept.delete(id);
    }
  }

  /** The verdict of the user's submission, if known here; undefined: ask the database. */
  get(userId: string, gameId: number, challengeId: number, submitId: number): AnswerResult | undefined {
    const kept = this.#kept.get(submitId);
    if (!kept || kept.at <= this.now() - keepMs) return undefined;
    if (kept.gameId !== gameId || kept.challengeId !== challengeId || kept.userId !== userId)
      return undefined;
    return kept.status;
  }
}
