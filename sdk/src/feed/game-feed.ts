// One game's live data in a page, shared by everything showing that game (the web client's pages, the widgets): the
// scoreboard, fetched again at once when the hub says it changed (or pushes a notice), and ETag-polled besides (a 304
// costs nothing); the notices, pushed by the hub, polled with backoff when it cannot connect or gives up; and the
// game's info when the source has it. It runs while someone holds it; the notices are read only while a holder asks.
import type {
  DetailedGameInfoModel,
  GameNotice,
  ScoreboardModel,
  ScoreboardUpdate,
  TeamNotice,
} from '../contract/models/game.ts';
import type { LiveState, LiveSubscription } from '../live/index.ts';
import type { PollTiming } from './backoff.ts';
import { Poller } from './poller.ts';

/** `push`: the hub delivers; `poll`: only polls; `connecting`: not settled yet. */
export type LiveMode = 'connecting' | 'push' | 'poll';

/** What the feed hands the source's hub connection. */
export interface FeedHandlers {
  /** A notice was published. */
  notice: (notice: GameNotice) => void;
  /** The scoreboard changed; the feed fetches the new one. */
  scoreboard: (update: ScoreboardUpdate) => void;
  /** What concerns the caller's own team only, when the source's hub tells it. */
  teamNotice: (notice: TeamNotice) => void;
  /** The hub connection's state changed. */
  state: (state: LiveState) => void;
}

/** Where a feed gets its data: a platform's REST endpoints and its user hub, however the page reaches them. */
export interface FeedSource {
  /** The game's info, when the holders want it from the feed. */
  game?: () => Promise<DetailedGameInfoModel>;
  /** The game's scoreboard. */
  scoreboard(): Promise<ScoreboardModel>;
  /** The game's notices. */
  notices(): Promise<GameNotice[]>;
  /** The user hub, pushing notices and scoreboard changes; fails when it cannot connect. */
  connect(handlers: FeedHandlers): Promise<LiveSubscription>;
}

/** What a {@link GameFeed} holds of its game, as `getState()` returns it. */
export interface FeedState {
  /** The game's info, when a source provides it. */
  game?: DetailedGameInfoModel;
  /** The last scoreboard loaded. */
  scoreboard?: ScoreboardModel;
  /** Newest first, or in the order `orderNotices` gives. */
  notices?: GameNotice[];
  /** Why the game or its scoreboard could not be loaded (kept until they load). */
  error?: unknown;
  /** Why the notices could not be loaded (kept until they load). */
  noticesError?: unknown;
  /** How updates arrive. */
  live: LiveMode;
}

/** How a {@link GameFeed} polls and orders its notices. */
export interface GameFeedOptions {
  /** The polling waits (default `DEFAULT_TIMING`). */
  timing?: PollTiming;
  /** Called when the last holder lets go. */
  onIdle?: () => void;
  /** The order the notices are kept in (default: newest first). */
  orderNotices?: (notices: GameNotice[]) => GameNotice[];
}

/** What a holder of a feed wants from it. */
export interface RetainOptions {
  /** This holder shows the notices: they are read (and polled when the hub is down) while such a holder stays. */
  notices?: boolean;
}

const newestFirst = (notices: GameNotice[]) => [...notices].sort((a, b) => b.time - a.time || b.id - a.id);

/**
 * One game's scoreboard and notices for every widget on a page: kept fresh by the user hub's pushes,
 * or by polling while the hub is down, and shared by its holders.
 */
export class GameFeed {
  /** The game it follows. */
  readonly gameId: number;
  readonly #source: FeedSource;
  readonly #onIdle: () => void;
  readonly #order: (notices: GameNotice[]) => GameNotice[];
  readonly #listeners = new Set<() => void>();
  readonly #scoreboardHandlers = new Set<(after: ScoreboardModel, before: ScoreboardModel) => void>();
  readonly #noticeHandlers = new Set<(notice: GameNotice) => void>();
  readonly #teamNoticeHandlers = new Set<(notice: TeamNotice) => void>();
  readonly #scoreboard: Poller<ScoreboardModel>;
  readonly #noticePoller: Poller<GameNotice[]>;
  #state: FeedState = { live: 'connecting' };
  #holders = 0;
  #noticeHolders = 0;
  #running = false;
  #hub: LiveSubscription | undefined;

  constructor(gameId: number, source: FeedSource, options: GameFeedOptions = {}) {
    this.gameId = gameId;
    this.#source = source;
    this.#onIdle = options.onIdle ?? (() => {});
    this.#order = options.orderNotices ?? newestFirst;
    const timing = options.timing && { timing: options.timing };
    this.#scoreboard = new Poller({
      fetch: () => source.scoreboard(),
      onValue: (scoreboard) => this.#takeScoreboard(scoreboard),
      onError: (error) => this.#failed(error),
      ...timing,
    });
    this.#noticePoller = new Poller({
      fetch: () => source.notices(),
      onValue: (notices) => this.#takeNotices(notices, true),
      onError: (error) => this.#noticesFailed(error),
      ...timing,
    });
  }

  /** The current state (a new object after each change, so it can be compared by identity). */
  getState = (): FeedState => this.#state;

  /** For useSyncExternalStore: called on every change of the state. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Each new scoreboard after the first one, with the one before it. */
  onScoreboard(handler: (after: ScoreboardModel, before: ScoreboardModel) => void): () => void {
    this.#scoreboardHandlers.add(handler);
    return () => this.#scoreboardHandlers.delete(handler);
  }

  /** Each notice published while the feed runs (for a holder of the notices). */
  onNotice(handler: (notice: GameNotice) => void): () => void {
    this.#noticeHandlers.add(handler);
    return () => this.#noticeHandlers.delete(handler);
  }

  /** Each notice for the caller's own team the hub pushes while the feed runs (a verdict correction, say). */
  onTeamNotice(handler: (notice: TeamNotice) => void): () => void {
    this.#teamNoticeHandlers.add(handler);
    return () => this.#teamNoticeHandlers.delete(handler);
  }

  /** Asks for the scoreboard now (after a failure, or an action known to change it). */
  refresh(): void {
    this.#scoreboard.now();
  }

  /** Keeps the feed running until the returned release is called; the first holder starts it. */
  retain({ notices = false }: RetainOptions = {}): () => void {
    this.#holders += 1;
    if (notices) this.#noticeHolders += 1;
    if (this.#holders === 1) this.#start();
    if (notices && this.#noticeHolders === 1) this.#startNotices();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holders -= 1;
      if (notices) this.#noticeHolders -= 1;
      if (this.#noticeHolders === 0) this.#noticePoller.stop();
      if (this.#holders === 0) this.#stop();
    };
  }

  #start(): void {
    this.#running = true;
    this.#source.game?.().then(
      (game) => this.#set({ game }),
      (error) => this.#failed(error),
    );
    this.#scoreboard.start();
    this.#source
      .connect({
        notice: (notice) => this.#pushed(notice),
        scoreboard: (update) => this.#changed(update),
        teamNotice: (notice) => {
          if (!this.#running) return;
          for (const handler of this.#teamNoticeHandlers) handler(notice);
        },
        state: (state) => {
          // The SDK's reconnection gave up: polling from here on.
          if (state === 'closed' && this.#hub) this.#fallBack();
          else if (state === 'connected' && this.#hub) this.#catchUp();
        },
      })
      .then(
        (hub) => {
          if (!this.#running) {
            void hub.stop();
            return;
          }
          this.#hub = hub;
          this.#set({ live: 'push' });
          this.#catchUp();
        },
        () => this.#fallBack(),
      );
  }

  /**
   * Once the hub listens (first connected, or back after a drop): what changed before it did was pushed to nobody,
   * so the scoreboard is asked again (a 304 when nothing did) and the notices re-read for those who show them.
   */
  #catchUp(): void {
    this.#scoreboard.now();
    if (this.#noticeHolders === 0) return;
    this.#source.notices().then(
      (notices) => this.#takeNotices([...notices, ...(this.#state.notices ?? [])], true),
      (error) => this.#noticesFailed(error),
    );
  }

  /** The notices now, and polled from here on when the hub does not deliver them. */
  #startNotices(): void {
    if (this.#state.live === 'poll') {
      this.#noticePoller.start();
      return;
    }
    this.#source.notices().then(
      (notices) => this.#takeNotices(notices, false),
      (error) => this.#noticesFailed(error),
    );
  }

  #stop(): void {
    this.#running = false;
    this.#scoreboard.stop();
    this.#noticePoller.stop();
    const hub = this.#hub;
    this.#hub = undefined;
    void hub?.stop();
    this.#set({ live: 'connecting' });
    this.#onIdle();
  }

  #fallBack(): void {
    this.#hub = undefined;
    if (!this.#running) return;
    this.#set({ live: 'poll' });
    if (this.#noticeHolders > 0) this.#noticePoller.start();
  }

  #pushed(notice: GameNotice): void {
    if (!this.#running) return;
    if (this.#noticeHolders > 0) this.#takeNotices([notice, ...(this.#state.notices ?? [])], true);
    // A blood or a new challenge changed the board: no need to wait for the next round.
    this.#scoreboard.now();
  }

  #changed(update: ScoreboardUpdate): void {
    if (!this.#running) return;
    // This board or a later one is in hand already (a poll got there first).
    if ((this.#state.scoreboard?.updateTimeUtc ?? Number.NEGATIVE_INFINITY) >= update.updateTimeUtc) return;
    this.#scoreboard.now();
  }

  #takeNotices(notices: GameNotice[], announce: boolean): void {
    const before = this.#state.notices;
    const known = new Set(before?.map((notice) => notice.id));
    const fresh = before ? notices.filter((notice) => !known.has(notice.id)) : [];
    const unique = new Map(notices.map((notice) => [notice.id, notice]));
    this.#set({ notices: this.#order([...unique.values()]), noticesError: undefined });
    if (!announce || fresh.length === 0) return;
    if (this.#hub === undefined) this.#scoreboard.now();
    // Announced as they were published: oldest first.
    for (const notice of [...fresh].sort((a, b) => a.time - b.time || a.id - b.id)) {
      for (const handler of this.#noticeHandlers) handler(notice);
    }
  }

  #takeScoreboard(scoreboard: ScoreboardModel): void {
    const before = this.#state.scoreboard;
    this.#set({ scoreboard, error: undefined });
    if (!before || before === scoreboard) return;
    for (const handler of this.#scoreboardHandlers) handler(scoreboard, before);
  }

  #failed(error: unknown): void {
    // What was shown stays; the error only matters while nothing is.
    if (!this.#state.scoreboard || (this.#source.game && !this.#state.game)) this.#set({ error });
  }

  #noticesFailed(error: unknown): void {
    // The SDK's timeout and retries have run their course: say so rather than load forever.
    if (!this.#state.notices) this.#set({ noticesError: error });
  }

  #set(change: Partial<FeedState>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
  }
}

/**
 * One feed per key (a server and game) in a page, however many hold it. `keep`: a feed nobody holds stays, with
 * what it last showed, for the next holder to show at once (a single-page app moving between a game's pages);
 * otherwise it is dropped.
 */
export class FeedRegistry {
  readonly #feeds = new Map<string, GameFeed>();
  readonly #keep: boolean;

  constructor({ keep = false }: { keep?: boolean } = {}) {
    this.#keep = keep;
  }

  /** The feed under `key`, made from `source` the first time it is asked for. */
  get(
    key: string,
    gameId: number,
    source: () => FeedSource,
    options: Omit<GameFeedOptions, 'onIdle'> = {},
  ): GameFeed {
    let feed = this.#feeds.get(key);
    if (!feed) {
      const created = new GameFeed(gameId, source(), {
        ...options,
        onIdle: () => {
          if (!this.#keep && this.#feeds.get(key) === created) this.#feeds.delete(key);
        },
      });
      this.#feeds.set(key, created);
      feed = created;
    }
    return feed;
  }
}
