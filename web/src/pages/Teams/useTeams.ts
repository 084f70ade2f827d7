import type { TeamInfoModel } from '@pennon/sdk';
import useSWR from 'swr';
import { client } from '../../api/client.ts';

export const TEAMS_KEY = '/api/team';

/** The caller's teams; `enabled` false (signed out) fetches nothing. */
export const useTeams = (enabled: boolean) => {
  const { data, error, isLoading, mutate } = useSWR<TeamInfoModel[]>(
    enabled ? TEAMS_KEY : null,
    () => client.team.list(),
    { revalidateOnFocus: false },
  );
  return { teams: data, error: error as unknown, isLoading, refresh: () => mutate() };
};
