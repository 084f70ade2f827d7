import type { DetailedGameInfoModel } from '@pennon/sdk';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';

/** The `:id` route parameter as a game id, or NaN. */
export const parseGameId = (raw: string | undefined): number => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : Number.NaN;
};

/** One game, with the caller's participation. */
export const useGame = (gameId: number) => {
  const { data, error, mutate } = useSWR<DetailedGameInfoModel>(
    Number.isNaN(gameId) ? null : ['/api/game', gameId, 'info'],
    () => client.game.get(gameId),
    { revalidateOnFocus: false },
  );
  return { game: data, error: error as unknown, refresh: () => mutate() };
};
