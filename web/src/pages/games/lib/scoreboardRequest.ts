// Asking for a game's scoreboard, apart from its live feed (useScoreboard.ts) so that the route table, in the entry
// chunk, carries no more than this.
import { client } from '../../../api/client.ts';
import { requestEarly, takeEarly } from '../../../api/early.ts';

/** The key every reader of a game's scoreboard shares in the data cache. */
export const scoreboardKey = (gameId: number) => ['/api/game', gameId, 'scoreboard'] as const;

/** Fetches the scoreboard, taking the one its route asked for ahead of the page if there is one. */
export const fetchScoreboard = (gameId: number) =>
  takeEarly(scoreboardKey(gameId), () => client.game.scoreboard(gameId));

/** Asks for the scoreboard ahead of its page (a route loader). */
export const requestScoreboard = (gameId: number): void =>
  requestEarly(scoreboardKey(gameId), () => client.game.scoreboard(gameId));
