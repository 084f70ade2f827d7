// The context check of the in-game endpoints (★ in §2.6), in its order: the game exists, the caller plays it
// through an Accepted participation, it has started, and — for endpoints that deny it — it hasn't closed.
import { ErrorCode, GamePermission } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { Challenge } from './challenges.ts';
import type { DivisionService } from './divisions.ts';
import { type Game, GameStore } from './game-store.ts';
import { isClosed, type Participation, registrationOf } from './participation.ts';
import { may } from './permissions.ts';
import { releasedTo, ruleOf } from './release.ts';

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
  const participation = game && (await registrationOf(db, gameId, userId));
  checkPlayContext(game, participation, { denyAfterEnd, now });
  return { game, participation } as PlayContext;
};

/** The checks of `playContext` on rows already read (flag submission reads them in one query). */
export const checkPlayContext = (
  game: Pick<Game, 'start_time' | 'end_time' | 'practice_mode'> | undefined,
  participation: Pick<Participation, 'status'> | undefined,
  { denyAfterEnd, now }: { denyAfterEnd: boolean; now: number },
): void => {
  if (!game) throw new DomainError(404, 'Game not found');
  if (!participation) throw new DomainError(400, 'You have not joined this game');
  if (participation.status !== 'Accepted')
    throw new DomainError(400, 'Your participation has not been accepted');
  if (now < game.start_time) throw new DomainError(400, 'The game has not started yet');
  if (denyAfterEnd && isClosed(game, now))
    throw new DomainError(400, 'The game has ended', ErrorCode.GameEnded);
};

/**
 * An enabled challenge of the game that the participation's division may view and that is released to its team;
 * 404 otherwise, as if absent.
 */
export const visibleChallenge = async (
  db: Kysely<Database>,
  divisions: DivisionService,
  gameId: number,
  participation: Participation,
  challengeId: number,
  now = Date.now(),
): Promise<Challenge> => {
  const challenge =
    challengeId > 0
      ? await db
          .selectFrom('challenges')
          .selectAll()
          .where('id', '=', challengeId)
          .where('game_id', '=', gameId)
          .where('is_enabled', '=', 1)
          .executeTakeFirst()
      : undefined;
  if (
    !challenge ||
    !may(await divisions.rules(participation.division_id), challenge.id, GamePermission.ViewChallenge) ||
    !(await releasedTo(db, await ruleOf(db, challenge), participation.id, now))
  ) {
    throw new DomainError(404, 'Challenge not found');
  }
  return challenge;
};
