// Live scoreboards: once a game's board changed (a solve, an organiser's edit), every process rebuilds it and tells
// its own hub clients that asked (`ReceivedScoreboardUpdate`), which then fetch it with their ETag. The push goes
// out only once the new board is this process's, so a client's fetch gets it rather than the old one's 304. The
// change crosses processes on the bus; a game nobody watches here costs no rebuild. A lone solve is pushed at once;
// a busy game at most once per `everyMs`, each push covering what changed meanwhile.
import type { Scoreboards } from '../games/scoreboard.ts';
import type { LiveBus } from './bus.ts';
import type { HubServer } from './hubs.ts';

/** The least time between two pushes of one game: what a busy game's watchers fetch at most. */
export const defaultPushEveryMs = 1000;

export interface ScoreboardPushOptions {
  scoreboards: Scoreboards;
  bus: LiveBus;
  hubs: Pick<HubServer, 'scoreboardWatchers' | 'pushScoreboard'>;
  everyMs?: number;
  now?: () => number;
}

export class ScoreboardPush {
  readonly #options: ScoreboardPushOptions;
  readonly #everyMs: number;
  readonly #now: () => number;
  /** Games with a push under way; true when they changed again since it began. */
  readonly #pending = new Map<number, boolean>();
  readonly #pushedAt = new Map<number, number>();
  /** The ETag of the public board last pushed, per game: a frozen one that did not change is not pushed to players. */
  readonly #shownEtags = new Map<number, string>();
  /** Games whose freeze came while someone here watched them: their first frozen board is news to players. */
  readonly #freezing = new Set<number>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #unsubscribe: () => void;
  #closed = false;

  constructor(options: ScoreboardPushOptions) {
    this.#options = options;
    this.#everyMs = options.everyMs ?? defaultPushEveryMs;
    this.#now = options.now ?? Date.now;
    const { scoreboards, bus } = options;
    // Every bus hands this process its own messages too, at once: one path for a change made here or elsewhere,
    // but only another process's change is news to this process's copy (marking it stale again would throw away
    // a rebuild that began after the change).
    let own = false;
    scoreboards.onChange((gameId) => {
      own = true;
      try {
        bus.publish({ hub: 'scoreboards', method: 'Changed', payload: gameId });
      } finally {
        own = false;
      }
    });
    // The process whose timer saw the freeze come tells the others, which may never have built the board: their
    // watchers are told too, where a process started after the freeze stays silent (see #push).
    scoreboards.onFreeze((gameId) => bus.publish({ hub: 'scoreboards', method: 'Frozen', payload: gameId }));
    this.#unsubscribe = bus.subscribe((message) => {
      if (message.hub !== 'scoreboards') return;
      const gameId = message.payload;
      if (message.method === 'Frozen' && options.hubs.scoreboardWatchers(gameId) > 0)
        this.#freezing.add(gameId);
      if (!own) scoreboards.heard(gameId);
      this.#schedule(gameId);
    });
  }

  close(): void {
    this.#closed = true;
    this.#unsubscribe();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #schedule(gameId: number): void {
    if (this.#closed || this.#options.hubs.scoreboardWatchers(gameId) === 0) return;
    if (this.#pending.has(gameId)) {
      this.#pending.set(gameId, true);
      return;
    }
    this.#pending.set(gameId, false);
    const waitMs = (this.#pushedAt.get(gameId) ?? Number.NEGATIVE_INFINITY) + this.#everyMs - this.#now();
    if (waitMs <= 0) {
      void this.#push(gameId);
      return;
    }
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      void this.#push(gameId);
    }, waitMs);
    this.#timers.add(timer.unref());
  }

  async #push(gameId: number): Promise<void> {
    // A change from here on needs a board built after it: another round.
    this.#pending.set(gameId, false);
    this.#pushedAt.set(gameId, this.#now());
    // A board that cannot be built now is met again by the next change or the clients' own polls.
    const snapshot = await this.#options.scoreboards.settled(gameId).catch(() => undefined);
    if (snapshot && !this.#closed) {
      const shown = snapshot.public;
      const before = this.#shownEtags.get(gameId);
      this.#shownEtags.set(gameId, shown.etag);
      // A frozen board first seen here (after a restart) may have been pushed elsewhere: pushing it now would tell
      // players that something, a solve, changed. The change into the freeze, heard at its time, is news.
      const freezing = this.#freezing.delete(gameId);
      const changed = before === undefined ? shown === snapshot || freezing : before !== shown.etag;
      this.#options.hubs.pushScoreboard(
        gameId,
        { updateTimeUtc: snapshot.updateTimeUtc },
        changed ? { updateTimeUtc: shown.updateTimeUtc } : null,
      );
    }
    const again = this.#pending.get(gameId);
    this.#pending.delete(gameId);
    if (again) this.#schedule(gameId);
  }
}
