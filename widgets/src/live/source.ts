// Where a game's feed gets its data: the server's public REST endpoints and its user hub, anonymously (no
// cookies go to another site's server). Tests give the feed a source of their own.
import {
  createGameApi,
  createRequester,
  type DetailedGameInfoModel,
  type GameNotice,
  type ScoreboardModel,
} from '@pennon/sdk';
import { connectGameNotices, type LiveSubscription, type NoticeHandlers } from '@pennon/sdk/live';

export interface FeedSource {
  game(): Promise<DetailedGameInfoModel>;
  scoreboard(): Promise<ScoreboardModel>;
  notices(): Promise<GameNotice[]>;
  /** The hub, pushing notices; fails when it cannot connect. */
  connect(handlers: NoticeHandlers): Promise<LiveSubscription>;
}

export const httpSource = (server: string, gameId: number): FeedSource => {
  const api = createGameApi(createRequester({ baseUrl: server }));
  return {
    game: () => api.get(gameId),
    scoreboard: () => api.scoreboard(gameId),
    notices: () => api.notices(gameId, { count: 100 }),
    connect: (handlers) =>
      connectGameNotices(server, gameId, handlers, { mode: 'push', withCredentials: false }),
  };
};
