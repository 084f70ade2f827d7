// One game's live data on a page, shared by every element showing that game: its info, the scoreboard
// (ETag-polled, and fetched at once when the hub announces a notice) and the notices (pushed by the hub,
// polled with backoff when the hub cannot connect or gives up). It runs while some element holds it.
import type { DetailedGameInfoModel, GameNotice, ScoreboardModel } from '@pennon/sdk';
import type { LiveSubscription } from '@pennon/sdk/live';
import { orderNotices } from '../../../web/src/components/NoticeList/order.ts';
import type { SolveDetail } from '../types.ts';
import type { PollTiming } from './backoff.ts';
import { Poller } from './poller.ts';
import { newSolves } from './solves.ts';
import type { FeedSource } from './source.ts';

/** `push`: the hub delivers notices; `poll`: they are polled; `connecting`: not settled yet. */
export type LiveMode = 'connecting' | 'push' | 'poll';

export interface FeedState {
  game?: DetailedGameInfoModel;
  scoreboard?: ScoreboardModel;
  /** In the web client's order (orderNotices). */
  notices?: GameNotice[];
  /** Why the game or its scoreboard could not be loaded (kept until they load). */
  error?: unknown;
  /** Why the notices could not be loaded (kept until they load). */
  noticesError?: unknown;
  live: LiveMode;
}

export class GameFeed {
  readonly gameId: number;
  readonly #source: FeedSource;
  readonly #onIdle: () => void;
  readonly #listeners = new Set<() => void>();
  readonly #solveHandlers = new Set<(solves: SolveDetail[]) => void>();
  readonly #noticeHandlers = new Set<(notice: GameNotice) => void>();
  readonly #scoreboard: Poller<ScoreboardModel>;
  readonly #noticePoller: Poller<GameNotice[]>;
  #state: FeedState = { live: 'connecting' };
  #holders = 0;
  #running = false;
  #hub: LiveSubscription | undefined;

  constructor(
    gameId: number,
    source: FeedSource,
    options: { timing?: PollTiming; onIdle?: () => void } = {},
  ) {
    this.gameId = gameId;
    this.#source = source;
    this.#onIdle = options.onIdle ?? (() => {});
    this.#scoreboard = new Poller({
      fetch: () => source.scoreboard(),
      onValue: (scoreboard) => this.#takeScoreboard(scoreboard),
      onError: (error) => this.#failed(error),
      ...(options.timing && { timing: options.timing }),
    });
    this.#noticePoller = new Poller({
      fetch: () => source.notices(),
      onValue: (notices) => this.#takeNotices(notices, true),
      onError: (error) => this.#noticesFailed(error),
      ...(options.timing && { timing: options.timing }),
    });
  }

  getState = (): FeedState => this.#state;

  /** For useSyncExternalStore: called on every change of the state. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** New solves, oldest first, each time the scoreboard changes (not on the first load). */
  onSolves(handler: (solves: SolveDetail[]) => void): () => void {
    this.#solveHandlers.add(handler);
    return () => this.#solveHandlers.delete(handler);
  }

  /** Each notice published while the feed runs. */
  onNotice(handler: (notice: GameNotice) => void): () => void {
    this.#noticeHandlers.add(handler);
    return () => this.#noticeHandlers.delete(handler);
  }

  /** Keeps the feed running until the returned release is called; the first holder starts it. */
  retain(): () => void {
    this.#holders += 1;
    if (this.#holders === 1) this.#start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#holders -= 1;
      if (this.#holders === 0) this.#stop();
    };
  }

  #start(): void {
    this.#running = true;
    this.#source.game().then(
      (game) => this.#set({ game }),
      (error) => this.#failed(error),
    );
    this.#scoreboard.start();
    this.#source.notices().then(
      (notices) => this.#takeNotices(notices, false),
      (error) => this.#noticesFailed(error),
    );
    this.#source
      .connect({
        notice: (notice) => this.#pushed(notice),
        state: (state) => {
          // The SDK's reconnection gave up: polling from here on.
          if (state === 'closed' && this.#hub) this.#fallBack();
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
        },
        () => this.#fallBack(),
      );
  }

  #stop(): void {
    this.#running = false;
    this.#scoreboard.stop();
    this.#noticePoller.stop();
    const hub = this.#hub;
    this.#hub = undefined;
    void hub?.stop();
    this.#onIdle();
  }

  #fallBack(): void {
    this.#hub = undefined;
    if (!this.#running) return;
    this.#set({ live: 'poll' });
    this.#noticePoller.start();
  }

  #pushed(notice: GameNotice): void {
    if (!this.#running) return;
    this.#takeNotices([notice, ...(this.#state.notices ?? [])], true);
    // A blood or a new challenge changed the board: no need to wait for the next round.
    this.#scoreboard.now();
  }

  #takeNotices(notices: GameNotice[], announce: boolean): void {
    const before = this.#state.notices;
    const known = new Set(before?.map((notice) => notice.id));
    const fresh = before ? notices.filter((notice) => !known.has(notice.id)) : [];
    const unique = new Map(notices.map((notice) => [notice.id, notice]));
    this.#set({ notices: orderNotices([...unique.values()]), noticesError: undefined });
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
    if (!before) return;
    const solves = newSolves(this.gameId, before, scoreboard);
    if (solves.length === 0) return;
    for (const handler of this.#solveHandlers) handler(solves);
  }

  #failed(error: unknown): void {
    // What was shown stays; the error only matters while nothing is.
    if (!this.#state.scoreboard || !this.#state.game) this.#set({ error });
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
