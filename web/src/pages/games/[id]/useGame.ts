import type { DetailedGameInfoModel } from '@pennon/sdk';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { requestEarly, takeEarly } from '../../../api/early.ts';

/** The `:id` route parameter as a game id, or NaN. */
export const parseGameId = (raw: string | undefined): number => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : Number.NaN;
};

export const gameKey = (gameId: number) => ['/api/game', gameId, 'info'] as const;

/** Asks for the game's details ahead of its page (a route loader). */
export const requestGame = (gameId: number): void =>
  requestEarly(gameKey(gameId), () => client.game.get(gameId));

/** One game, with the caller's participation. */
export const useGame = (gameId: number) => {
  const { data, error, mutate } = useSWR<DetailedGameInfoModel>(
    Number.isNaN(gameId) ? null : gameKey(gameId),
    () => takeEarly(gameKey(gameId), () => client.game.get(gameId)),
    { revalidateOnFocus: false },
  );
  return { game: data, error: error as unknown, refresh: () => mutate() };
};
