// Where a game's feed gets its data: the server's public REST endpoints and its user hub, anonymously (no
// cookies go to another site's server); a failure the platform's refusal of this page explains comes as that
// refusal (refusal.ts).
import { createGameApi, createRequester } from '@pennon/sdk';
import type { FeedSource } from '@pennon/sdk/feed';
import { connectGameNotices } from '@pennon/sdk/live';
import { explainFailure } from './refusal.ts';

/** `language`: the element's, so that the server's messages (errors' titles) read in the element's language. */
export const httpSource = (server: string, gameId: number, language: string): FeedSource => {
  const api = createGameApi(createRequester({ baseUrl: server, language }));
  const explained = <T>(call: Promise<T>): Promise<T> =>
    call.catch(async (error: unknown) => {
      throw await explainFailure(server, error);
    });
  return {
    game: () => explained(api.get(gameId)),
    scoreboard: () => explained(api.scoreboard(gameId)),
    notices: () => explained(api.notices(gameId, { count: 100 })),
    connect: (handlers) =>
      connectGameNotices(server, gameId, handlers, { mode: 'push', withCredentials: false }),
  };
};
