// What verdict corrections did to a team (issue #44), kept for it: the user hub pushes each to the members online,
// and a member who was not reads them here later, in the same shape. Only the team's own members may read them,
// whatever their participation's state: a suspended team is owed the reason too.
import type { TeamNotice } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { registrationOf } from './participation.ts';

/** A team notice before it is kept (its id is the kept row's). */
export type UnkeptTeamNotice = TeamNotice extends infer N
  ? N extends TeamNotice
    ? Omit<N, 'id'>
    : never
  : never;

/** Keeps `notice` for the participation, on the caller's transaction; answers it with its id. */
export const keepTeamNotice = async (
  db: Kysely<Database>,
  participationId: number,
  notice: UnkeptTeamNotice,
): Promise<TeamNotice> => {
  const { id } = await db
    .insertInto('team_notices')
    .values({ participation_id: participationId, payload: JSON.stringify(notice) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...notice, id } as TeamNotice;
};

/** The caller's team's notices in the game, newest first; 400 when the caller has not joined it. */
export const teamNoticesOf = async (
  db: Kysely<Database>,
  gameId: number,
  userId: string,
): Promise<TeamNotice[]> => {
  const participation = await registrationOf(db, gameId, userId);
  if (!participation) {
    const game = await db.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst();
    throw game
      ? new DomainError(400, 'You have not joined this game')
      : new DomainError(404, 'Game not found');
  }
  const rows = await db
    .selectFrom('team_notices')
    .select(['id', 'payload'])
    .where('participation_id', '=', participation.id)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(({ id, payload }) => ({ ...(JSON.parse(payload) as UnkeptTeamNotice), id }) as TeamNotice);
};
