import useSWR from 'swr';
import { client } from '../../api/client.ts';

/** How many games the home page lists, and how often it looks again (gzctf-api §5). */
const LIMIT = 7;
const REFRESH = 30 * 60_000;

/** The games worth showing first: ongoing, then upcoming, then recently ended (the server's order). */
export const useRecentGames = () => {
  const { data, error, mutate } = useSWR(
    ['/api/game/recent', LIMIT],
    // The SDK sends the last answer's ETag, so an unchanged list costs a 304.
    () => client.game.recent({ limit: LIMIT }),
    { refreshInterval: REFRESH, revalidateOnFocus: false },
  );
  return { games: data, error: error as unknown, refresh: () => mutate() };
};
