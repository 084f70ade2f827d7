import type { GameInfoModel } from '@pennon/sdk';
import useSWR from 'swr';
import { client } from '../../../../api/client.ts';

/** The SWR key of one game as admins see it (the Info page writes its saved copy here). */
export const adminGameKey = (gameId: number) => ['/api/edit/games', gameId] as const;

/** One game as admins see it; `notFound` once the server says there is no such game. */
export const useAdminGame = (gameId: number) => {
  const { data, error, mutate } = useSWR<GameInfoModel>(
    Number.isNaN(gameId) ? null : adminGameKey(gameId),
    () => client.edit.game(gameId),
    { revalidateOnFocus: false },
  );
  return { game: data, error: error as unknown, refresh: () => mutate(), mutate };
};
