import type { BasicGameInfoModel } from '@pennon/sdk';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';

/** The most the list endpoint hands out a call (gzctf-api §2.6). */
const BATCH = 50;

/** Every visible game, latest start first, read a batch at a time (filters and search work on them all). */
export const useAllGames = () =>
  useSWR(
    ['/api/game', 'all'],
    async () => {
      const games: BasicGameInfoModel[] = [];
      for (;;) {
        const page = await client.game.list({ count: BATCH, skip: games.length });
        games.push(...page.data);
        if (page.data.length === 0 || games.length >= page.total) return games;
      }
    },
    { keepPreviousData: true, revalidateOnFocus: false },
  );
