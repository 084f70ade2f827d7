// A game's shared live feed (@pennon/sdk/feed) held while a component shows it, and its state: the web client's
// game pages and the widgets follow the hub's pushes through this one hook.
import type { FeedState, GameFeed, RetainOptions } from '@pennon/sdk/feed';
import { useEffect, useSyncExternalStore } from 'react';

const IDLE: FeedState = { live: 'connecting' };
const nothing = () => () => {};
const idle = () => IDLE;

/** Holds `feed` (none: nothing) while mounted, with its notices if `notices`; answers its current state. */
export const useFeed = (feed: GameFeed | undefined, { notices = false }: RetainOptions = {}): FeedState => {
  useEffect(() => feed?.retain({ notices }), [feed, notices]);
  return useSyncExternalStore(feed?.subscribe ?? nothing, feed?.getState ?? idle);
};
