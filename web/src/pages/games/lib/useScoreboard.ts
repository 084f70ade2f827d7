import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { requestEarly, takeEarly } from '../../../api/early.ts';

/** The key every reader of a game's scoreboard shares (one fetch for all). */
export const scoreboardKey = (gameId: number) => ['/api/game', gameId, 'scoreboard'] as const;

/** Fetches the scoreboard, taking the one its route asked for ahead of the page if there is one. */
export const fetchScoreboard = (gameId: number) =>
  takeEarly(scoreboardKey(gameId), () => client.game.scoreboard(gameId));

/** Asks for the scoreboard ahead of its page (a route loader). */
export const requestScoreboard = (gameId: number): void =>
  requestEarly(scoreboardKey(gameId), () => client.game.scoreboard(gameId));

/** A game's scoreboard, under the key the scoreboard page reads it with. */
export const useScoreboard = (gameId: number, refreshInterval = 0) =>
  useSWR(Number.isNaN(gameId) ? null : scoreboardKey(gameId), () => fetchScoreboard(gameId), {
    refreshInterval,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
