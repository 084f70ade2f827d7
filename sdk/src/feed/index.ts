// @pennon/sdk/feed: a game's live data in a page (scoreboard, notices, game info), shared by all that show it, pushed
// by the user hub and ETag-polled with backoff. Free of the SignalR client: the source connects the hub, so a page
// can load `@pennon/sdk/live` only once it needs it.
export { DEFAULT_TIMING, nextDelay, type PollOutcome, type PollTiming } from './backoff.ts';
export {
  type FeedHandlers,
  FeedRegistry,
  type FeedSource,
  type FeedState,
  GameFeed,
  type GameFeedOptions,
  type LiveMode,
  type RetainOptions,
} from './game-feed.ts';
export { Poller, type PollerOptions } from './poller.ts';
