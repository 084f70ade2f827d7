// The context check of the in-game endpoints (★ in §2.6), in its order: the game exists, the caller plays it
// through an Accepted participation, it has started, and — for endpoints that deny it — it hasn't closed.
import { ErrorCode } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import { type Game, GameStore } from './game-store.ts';
import { isClosed, type Participation, registrationOf } from './participation.ts';

export interface PlayContext {
  game: Game;
  participation: Participation;
}

export const playContext = async (
  db: Kysely<Database>,
  gameId: number,
  userId: string,
  { denyAfterEnd, now = Date.now() }: { denyAfterEnd: boolean; now?: number },
): Promise<PlayContext> => {
  const game = await new GameStore(db).byId(gameId);
  if (!game) throw new HttpError(404, 'Game not found');
  const participation = await registrationOf(db, gameId, userId);
  if (!participation) throw new HttpError(400, 'You have not joined this game');
  if (participation.status !== 'Accepted')
    throw new HttpError(400, 'Your participation has not been accepted');
  if (now < game.start_time) throw new HttpError(400, 'The game has not started yet');
  if (denyAfterEnd && isClosed(game, now))
    throw new HttpError(400, 'The game has ended', ErrorCode.GameEnded);
  return { game, participation };
};
