// Game instances (§4.6): a team's copy of each enabled challenge, made once its participation is Accepted or when
// a challenge is enabled later. Inserting twice is harmless, so both paths may race.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export class Instances {
  constructor(private readonly db: Kysely<Database>) {}

  /** One instance per enabled challenge of the game for this participation. */
  async forParticipation(participationId: number, gameId: number): Promise<void> {
    const challenges = await this.db
      .selectFrom('challenges')
      .select('id')
      .where('game_id', '=', gameId)
      .where('is_enabled', '=', 1)
      .execute();
    await this.insert(challenges.map((c) => ({ participation_id: participationId, challenge_id: c.id })));
  }

  /** One instance of the challenge per Accepted participation of its game. */
  async forChallenge(challengeId: number, gameId: number): Promise<void> {
    const participations = await this.db
      .selectFrom('participations')
      .select('id')
      .where('game_id', '=', gameId)
      .where('status', '=', 'Accepted')
      .execute();
    await this.insert(participations.map((p) => ({ participation_id: p.id, challenge_id: challengeId })));
  }

  private async insert(rows: { participation_id: number; challenge_id: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('game_instances')
      .values(rows)
      .onConflict((oc) => oc.columns(['participation_id', 'challenge_id']).doNothing())
      .execute();
  }
}
