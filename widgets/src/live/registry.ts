// One feed per server and game on a page, however many elements show that game: one hub connection and
// one poll of each endpoint; dropped once no element shows it.
import { FeedRegistry, type GameFeed } from '@pennon/sdk/feed';
import { orderNotices } from '../../../web/src/components/NoticeList/order.ts';
import { httpSource } from './source.ts';

const feeds = new FeedRegistry();

/** `server` is an origin (see attributes.ts); elements in another language get a feed of their own. */
export const feedFor = (server: string, gameId: number, language: string): GameFeed =>
  feeds.get(`${server}|${gameId}|${language}`, gameId, () => httpSource(server, gameId, language), {
    orderNotices,
  });
