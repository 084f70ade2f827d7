// A team in a game as the scoreboard tells it: where its page is, its solves in time order with their
// challenges, its bloods, and a team's id from its name (events and submissions name teams only).
import type { ChallengeInfo, ChallengeItem, ScoreboardModel, SubmissionType } from '@pennon/sdk';
import { flattenChallenges } from './logic.ts';

/** The page of team `teamId` in game `gameId` (the scoreboard and the chart link here too). */
export const teamPath = (gameId: number, teamId: number): string => `/games/${gameId}/teams/${teamId}`;

/** The page of a member of a team, in the game the team plays. */
export const playerPath = (gameId: number, teamId: number, userId: string): string =>
  `${teamPath(gameId, teamId)}/players/${userId}`;

export interface TeamSolve {
  solve: ChallengeItem;
  challenge: ChallengeInfo | undefined;
}

const BLOODS: SubmissionType[] = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];

/** 0, 1, 2 for a first, second, third blood; -1 otherwise. */
export const bloodIndex = (type: SubmissionType): number => BLOODS.indexOf(type);

/** The solves, earliest first, each with its challenge (unknown when the board no longer lists it). */
export const solvesInOrder = (solves: ChallengeItem[], board: ScoreboardModel | undefined): TeamSolve[] => {
  const challenges = new Map(flattenChallenges(board?.challenges).map((item) => [item.id, item]));
  return [...solves]
    .sort((a, b) => a.time - b.time)
    .map((solve) => ({ solve, challenge: challenges.get(solve.id) }));
};

/** Team ids by name, leaving out names two teams share (a link would be a guess). */
export const teamIdsByName = (board: ScoreboardModel | undefined): Map<string, number> => {
  const ids = new Map<string, number>();
  const shared = new Set<string>();
  for (const item of board?.items ?? []) {
    if (ids.has(item.name)) shared.add(item.name);
    ids.set(item.name, item.id);
  }
  for (const name of shared) ids.delete(name);
  return ids;
};
