import type { Division } from '@pennon/sdk';
import useSWR from 'swr';
import { client } from '../../../../api/client.ts';

/** A game's divisions as admins edit them. */
export const useDivisions = (gameId: number) => {
  const { data, error, mutate } = useSWR<Division[]>(
    ['/api/edit/games', gameId, 'divisions'],
    () => client.edit.divisions(gameId),
    { revalidateOnFocus: false },
  );
  return { divisions: data, error: error as unknown, refresh: () => mutate() };
};
