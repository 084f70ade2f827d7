// The shared feed against a scripted source: one hub connection however many hold it, the scoreboard fetched at once
// when the hub says it changed, polling with ETag semantics (the same object back means unchanged) when the hub
// cannot connect or gives up, the notices read only for the holders that show them, and what it hands on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameNotice, ScoreboardModel } from '../src/contract/models/game.ts';
import { type FeedHandlers, FeedRegistry, type FeedSource, GameFeed } from '../src/feed/index.ts';
import type { LiveSubscription } from '../src/live/index.ts';
import { board, notice, team } from './fixtures.ts';

const timing = { baseMs: 1000, idleMaxMs: 4000, errorMaxMs: 8000 };

const game = { id: 5, title: 'Harbour CTF', start: 0, end: Date.now() + 3600_000 } as never;

/** A server in a box: its scoreboard and notices can change, its hub can be up or down. */
const fakeSource = (hub: 'up' | 'down' | 'late') => {
  let scoreboard: ScoreboardModel = board([team(7, 'Gulls')]);
  let notices: GameNotice[] = [notice(1, 100)];
  let handlers: FeedHandlers | undefined;
  let listen = () => {};
  const listening = new Promise<void>((resolve) => {
    listen = resolve;
  });
  const stop = vi.fn(async () => {});
  const source = {
    game: vi.fn(async () => game),
    scoreboard: vi.fn(async () => scoreboard),
    notices: vi.fn(async () => notices),
    connect: vi.fn(async (given: FeedHandlers): Promise<LiveSubscription> => {
      if (hub === 'down') throw new Error('no WebSockets here');
      if (hub === 'late') await listening;
      handlers = given;
      return { mode: 'push', connection: undefined, stop };
    }),
  } satisfies FeedSource;
  return {
    source,
    stop,
    setScoreboard: (next: ScoreboardModel) => {
      scoreboard = next;
    },
    publish: (next: GameNotice) => {
      notices = [next, ...notices];
      handlers?.notice(next);
    },
    /** The server's push of a changed board. */
    pushBoard: (next: ScoreboardModel) => {
      scoreboard = next;
      handlers?.scoreboard({ updateTimeUtc: next.updateTimeUtc });
    },
    closeHub: () => handlers?.state?.('closed'),
    /** A `late` hub starts listening. */
    listen,
    /** The hub's connection drops, and comes back once `back` is called. */
    drop: () => {
      const live = handlers;
      handlers = undefined;
      live?.state?.('reconnecting');
      return () => {
        handlers = live;
        live?.state?.('connected');
      };
    },
  };
};

describe('GameFeed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts once for every holder and stops with the last one', async () => {
    const server = fakeSource('up');
    const onIdle = vi.fn();
    const feed = new GameFeed(5, server.source, { timing, onIdle });
    const releaseA = feed.retain({ notices: true });
    const releaseB = feed.retain();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.source.connect).toHaveBeenCalledTimes(1);
    // Once at the start, once more when the hub listened.
    expect(server.source.scoreboard).toHaveBeenCalledTimes(2);
    expect(feed.getState()).toMatchObject({ game, live: 'push', notices: [notice(1, 100)] });

    releaseA();
    releaseA();
    expect(server.stop).not.toHaveBeenCalled();
    releaseB();
    expect(server.stop).toHaveBeenCalledTimes(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.source.scoreboard).toHaveBeenCalledTimes(2);
  });

  it('reads the notices only for holders that show them', async () => {
    const server = fakeSource('up');
    const feed = new GameFeed(5, server.source, { timing });
    feed.retain();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.source.notices).not.toHaveBeenCalled();
    server.publish(notice(2, 200));
    expect(feed.getState().notices).toBeUndefined();
    feed.retain({ notices: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.getState().notices?.map((item) => item.id)).toEqual([2, 1]);
  });

  it('fetches the scoreboard as soon as the hub says it changed, and hands on each new board', async () => {
    const server = fakeSource('up');
    const feed = new GameFeed(5, server.source, { timing });
    const boards = vi.fn();
    feed.onScoreboard(boards);
    const listener = vi.fn();
    feed.subscribe(listener);
    feed.retain();
    await vi.advanceTimersByTimeAsync(0);
    const first = feed.getState().scoreboard;

    const solved = { ...board([team(7, 'Gulls', [[1, 'Normal', 500]])]), updateTimeUtc: Date.now() + 1 };
    server.pushBoard(solved);
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.getState().scoreboard).toBe(solved);
    expect(boards).toHaveBeenCalledWith(solved, first);
    expect(listener).toHaveBeenCalled();
    // No poll was due: the push alone brought it.
    expect(server.source.scoreboard).toHaveBeenCalledTimes(3);

    // A push of a board already in hand (a poll got there first) costs no request.
    server.pushBoard(solved);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.source.scoreboard).toHaveBeenCalledTimes(3);
  });

  it('refetches the scoreboard as soon as the hub pushes a notice, and hands on the notice', async () => {
    const server = fakeSource('up');
    const feed = new GameFeed(5, server.source, { timing });
    const notices = vi.fn();
    feed.onNotice(notices);
    feed.retain({ notices: true });
    await vi.advanceTimersByTimeAsync(0);

    server.setScoreboard(board([team(7, 'Gulls', [[1, 'FirstBlood', 500]])]));
    const blood: GameNotice = { id: 2, type: 'FirstBlood', values: ['Gulls', 'Login'], time: 500 };
    server.publish(blood);
    await vi.advanceTimersByTimeAsync(0);
    expect(notices).toHaveBeenCalledWith(blood);
    expect(feed.getState().notices?.map((item) => item.id)).toEqual([2, 1]);
    expect(server.source.scoreboard).toHaveBeenCalledTimes(3);
  });

  it('catches up on what changed while the hub was not listening, at first and after a drop', async () => {
    const server = fakeSource('late');
    const feed = new GameFeed(5, server.source, { timing });
    const notices = vi.fn();
    feed.onNotice(notices);
    feed.retain({ notices: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.getState().live).toBe('connecting');

    // A solve and its blood between the first reads and the hub's subscription: pushed to nobody.
    const solved = board([team(7, 'Gulls', [[1, 'FirstBlood', 500]])]);
    server.setScoreboard(solved);
    server.publish(notice(2, 500, 'FirstBlood'));
    expect(feed.getState().scoreboard).not.toBe(solved);
    server.listen();
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.getState()).toMatchObject({ live: 'push', scoreboard: solved });
    expect(notices).toHaveBeenCalledWith(notice(2, 500, 'FirstBlood'));

    const back = server.drop();
    const later = board([
      team(7, 'Gulls', [
        [1, 'FirstBlood', 500],
        [2, 'Normal', 300],
      ]),
    ]);
    server.setScoreboard(later);
    server.publish(notice(3, 900, 'NewChallenge'));
    back();
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.getState().scoreboard).toBe(later);
    expect(feed.getState().notices?.map((item) => item.id)).toEqual([3, 2, 1]);
    expect(notices).toHaveBeenCalledTimes(2);
    // No poll was due for either: the hub's coming up alone asked.
    expect(server.source.scoreboard).toHaveBeenCalledTimes(3);
  });

  it('polls the notices with backoff when the hub cannot connect, announcing only new ones', async () => {
    const server = fakeSource('down');
    const feed = new GameFeed(5, server.source, { timing });
    const notices = vi.fn();
    feed.onNotice(notices);
    feed.retain({ notices: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.getState().live).toBe('poll');
    expect(notices).not.toHaveBeenCalled();

    server.publish(notice(3, 900, 'NewChallenge'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(notices).toHaveBeenCalledWith(notice(3, 900, 'NewChallenge'));
    expect(feed.getState().notices?.map((item) => item.id)).toEqual([3, 1]);
  });

  it('falls back to polling when the hub gives up reconnecting', async () => {
    const server = fakeSource('up');
    const feed = new GameFeed(5, server.source, { timing });
    feed.retain({ notices: true });
    await vi.advanceTimersByTimeAsync(0);
    const before = server.source.notices.mock.calls.length;
    server.closeHub();
    expect(feed.getState().live).toBe('poll');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.source.notices.mock.calls.length).toBe(before + 1);
  });

  it('keeps what it showed when a later poll fails, and reports a failure only while nothing loaded', async () => {
    const server = fakeSource('up');
    // The first read and the one when the hub listened.
    server.source.scoreboard
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'));
    const feed = new GameFeed(5, server.source, { timing });
    feed.retain();
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.getState().error).toEqual(new Error('offline'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(feed.getState().error).toBeUndefined();
    expect(feed.getState().scoreboard?.items).toEqual([team(7, 'Gulls')]);
    server.source.scoreboard.mockRejectedValue(new Error('offline again'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(feed.getState().error).toBeUndefined();
    expect(feed.getState().scoreboard).toBeDefined();
  });

  it('reports why the notices failed instead of loading them forever, hub or no hub', async () => {
    for (const hub of ['up', 'down'] as const) {
      const server = fakeSource(hub);
      server.source.notices.mockRejectedValue(new Error('offline'));
      const feed = new GameFeed(5, server.source, { timing });
      feed.retain({ notices: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(feed.getState().notices, hub).toBeUndefined();
      expect(feed.getState().noticesError, hub).toEqual(new Error('offline'));
    }
  });

  it('keeps the notices in the order it is given', async () => {
    const server = fakeSource('up');
    const oldestFirst = (list: GameNotice[]) => [...list].sort((a, b) => a.time - b.time);
    const feed = new GameFeed(5, server.source, { timing, orderNotices: oldestFirst });
    feed.retain({ notices: true });
    await vi.advanceTimersByTimeAsync(0);
    server.publish(notice(3, 900, 'FirstBlood'));
    server.publish(notice(2, 500, 'Normal'));
    expect(feed.getState().notices?.map((item) => item.id)).toEqual([1, 2, 3]);
  });
});

describe('FeedRegistry', () => {
  it('shares one feed per key, dropped when idle unless kept with what it showed', () => {
    for (const keep of [false, true]) {
      const registry = new FeedRegistry({ keep });
      const source = vi.fn(() => fakeSource('down').source);
      const feed = registry.get('a|5', 5, source);
      expect(registry.get('a|5', 5, source)).toBe(feed);
      feed.retain()();
      expect(registry.get('a|5', 5, source) === feed, String(keep)).toBe(keep);
    }
  });
});
