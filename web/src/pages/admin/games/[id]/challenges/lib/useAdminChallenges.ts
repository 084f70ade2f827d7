// The challenges of a game as admins see them, and one challenge with its flags and settings.
import type { ChallengeEditDetailModel, ChallengeInfoModel } from '@pennon/sdk';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import useSWR from 'swr';
import { client } from '../../../../../../api/client.ts';
import { parseGameId } from '../../../../../games/[id]/useGame.ts';
import { useScoreboard } from '../../../../../games/lib/useScoreboard.ts';

export const challengesKey = (gameId: number) => ['/api/edit/games', gameId, 'challenges'] as const;
export const challengeKey = (gameId: number, challengeId: number) =>
  ['/api/edit/games', gameId, 'challenges', challengeId] as const;

/** The `:chalId` of the route as a challenge id (NaN when it is not one). */
export const useChallengeIdParam = () => parseGameId(useParams().chalId);

export const useAdminChallenges = (gameId: number) => {
  const { data, error, mutate } = useSWR<ChallengeInfoModel[]>(
    challengesKey(gameId),
    () => client.edit.challenges(gameId),
    { revalidateOnFocus: false },
  );
  return { challenges: data, error: error as unknown, mutate };
};

export const useAdminChallenge = (gameId: number, challengeId: number) => {
  const { data, error, mutate } = useSWR<ChallengeEditDetailModel>(
    Number.isNaN(challengeId) ? null : challengeKey(gameId, challengeId),
    () => client.edit.challenge(gameId, challengeId),
    { revalidateOnFocus: false },
  );
  return { challenge: data, error: error as unknown, mutate };
};

/**
 * Solves per challenge id, read off the live scoreboard (the admin list has no count). Empty until the game has a
 * scoreboard: before it starts the server refuses it, and disabled challenges are never on it. `recount` has the
 * server count them again, then reads them anew.
 */
export const useSolveCounts = (gameId: number) => {
  const { data, retry } = useScoreboard(gameId);
  const counts = useMemo(() => {
    const counts = new Map<number, number>();
    for (const list of Object.values(data?.challenges ?? {}))
      for (const c of list ?? []) counts.set(c.id, c.solved);
    return counts;
  }, [data]);
  const recount = async () => {
    await client.edit.updateAcceptedCounts(gameId);
    retry();
  };
  return { counts, recount };
};
