import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { FeedState, GameFeed } from './feed.ts';
import { feedFor } from './registry.ts';

const IDLE: FeedState = { live: 'connecting' };
const nothing = () => () => {};
const idle = () => IDLE;

/** The shared feed of a game and its current state; none without a server and game. */
export const useGameFeed = (server: string | undefined, gameId: number | undefined) => {
  const feed: GameFeed | undefined = useMemo(
    () => (server && gameId !== undefined ? feedFor(server, gameId) : undefined),
    [server, gameId],
  );
  useEffect(() => feed?.retain(), [feed]);
  const state = useSyncExternalStore(feed?.subscribe ?? nothing, feed?.getState ?? idle);
  return { feed, state };
};
