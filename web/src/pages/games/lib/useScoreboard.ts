// A game's scoreboard, live: one feed per game (@pennon/sdk/feed, as the widgets use) for every page showing it, the
// scoreboard page, the challenge board, the team pages and the home page's cards alike. The user hub says when the
// board changed and it is fetched at once with its ETag; polls (10 s after a change, up to 60 s while idle) are the
// safety net. The feed stays when its pages close, so the next one shows its board at once; the board is also kept
// in the data cache, so a reload shows the last visit's until the feed has one.
import type { ScoreboardModel } from '@pennon/sdk';
import { FeedRegistry, type GameFeed } from '@pennon/sdk/feed';
import { useEffect } from 'react';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { useFeed } from '../../../api/useFeed.ts';
import { orderNotices } from '../../../components/NoticeList/order.ts';
import { fetchScoreboard, scoreboardKey } from './scoreboardRequest.ts';

const feeds = new FeedRegistry({ keep: true });

let live: Promise<typeof import('@pennon/sdk/live')> | undefined;
/** The SDK's hub client (SignalR), loaded once: by the first feed that connects, or ahead of a game's tabs. */
export const loadLive = () => {
  live ??= import('@pennon/sdk/live').catch((error: unknown) => {
    live = undefined;
    throw error;
  });
  return live;
};

/** The platform's own feed of a game; the SignalR client loads with the first one that connects. */
export const gameFeed = (gameId: number): GameFeed =>
  feeds.get(
    String(gameId),
    gameId,
    () => ({
      scoreboard: () => fetchScoreboard(gameId),
      notices: () => client.game.notices(gameId),
      connect: async (handlers) =>
        (await loadLive()).connectGameNotices(location.origin, gameId, handlers, {
          mode: 'push',
        }),
    }),
    { orderNotices },
  );

/**
 * A game's scoreboard, following the live push while the component is mounted (none for a NaN id): `data` the
 * board (the last visit's until the feed has one), `error` why it could not be loaded while none is shown,
 * `retry` to ask again, and the `feed` itself.
 */
export const useScoreboard = (gameId: number) => {
  const feed = Number.isNaN(gameId) ? undefined : gameFeed(gameId);
  const state = useFeed(feed);
  const { data: stored, mutate } = useSWR<ScoreboardModel>(feed ? scoreboardKey(gameId) : null, null);
  useEffect(() => {
    if (state.scoreboard) void mutate(state.scoreboard, { revalidate: false });
  }, [state.scoreboard, mutate]);
  return {
    data: state.scoreboard ?? stored,
    error: state.scoreboard ? undefined : (state.error as unknown),
    retry: () => feed?.refresh(),
    live: state.live,
    feed,
  };
};
