import useSWR from 'swr';
import { client } from '../../../api/client.ts';

/** A game's scoreboard, under the key the scoreboard page reads it with (one fetch for both). */
export const useScoreboard = (gameId: number, refreshInterval = 0) =>
  useSWR(
    Number.isNaN(gameId) ? null : ['/api/game', gameId, 'scoreboard'],
    () => client.game.scoreboard(gameId),
    { refreshInterval, revalidateOnFocus: false, shouldRetryOnError: false },
  );
