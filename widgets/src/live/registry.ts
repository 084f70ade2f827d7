// One feed per server and game on a page, however many elements show that game: one hub connection and
// one poll of each endpoint.
import { GameFeed } from './feed.ts';
import { httpSource } from './source.ts';

const feeds = new Map<string, GameFeed>();

/** `server` is an origin (see attributes.ts). */
export const feedFor = (server: string, gameId: number): GameFeed => {
  const key = `${server}|${gameId}`;
  let feed = feeds.get(key);
  if (!feed) {
    const created = new GameFeed(gameId, httpSource(server, gameId), {
      onIdle: () => {
        if (feeds.get(key) === created) feeds.delete(key);
      },
    });
    feeds.set(key, created);
    feed = created;
  }
  return feed;
};
