// A challenge's staged release as admins edit it (issue #44): its prerequisites, checked for the game and for
// cycles, and what an update does to its release (whether it opens, and whether that is news).
import { type ChallengeUpdateModel, prerequisiteCycle, releasedByTime } from '@pennon/sdk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { ChallengesTable, Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { DomainError } from '../errors/domain-error.ts';
import { toMillis } from './game-store.ts';

/** What the release decision reads of a challenge. */
type Staged = Pick<Selectable<ChallengesTable>, 'id' | 'game_id' | 'is_enabled' | 'release_at'>;

export class ChallengeStaging {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /** Challenge id → its prerequisites, for the challenges of a game that have any. */
  async graph(gameId: number): Promise<Map<number, number[]>> {
    const edges = await this.db
      .selectFrom('challenge_prerequisites as p')
      .innerJoin('challenges as c', 'c.id', 'p.challenge_id')
      .select(['p.challenge_id', 'p.prerequisite_id'])
      .where('c.game_id', '=', gameId)
      .orderBy('p.prerequisite_id')
      .execute();
    const graph = new Map<number, number[]>();
    for (const e of edges)
      graph.set(e.challenge_id, [...(graph.get(e.challenge_id) ?? []), e.prerequisite_id]);
    return graph;
  }

  /** The prerequisites an update sets, checked: challenges of the same game, closing no cycle; 400 otherwise. */
  async checked(gameId: number, id: number, wanted: number[]): Promise<number[]> {
    const unique = [...new Set(wanted)].sort((a, b) => a - b);
    if (unique.length === 0) return unique;
    const own = await this.db
      .selectFrom('challenges')
      .select('id')
      .where('game_id', '=', gameId)
      .where('id', 'in', unique)
      .execute();
    if (own.length !== unique.length) {
      throw new DomainError(400, 'A prerequisite must be another challenge of the same game');
    }
    if (prerequisiteCycle(await this.graph(gameId), id, unique)) {
      throw new DomainError(400, 'These prerequisites would make a cycle');
    }
    return unique;
  }

  /**
   * What an update does to the staged release: the new time, whether the challenge is open to everyone after it
   * (enabled, its time come, no prerequisites) and whether that is new. `announced` is set so that the announcer
   * (games/release.ts) tells of a release time still to come, and not of one this update tells of itself.
   */
  async decide(c: Staged, model: ChallengeUpdateModel, prerequisites: number[] | undefined) {
    const now = this.now();
    const releaseAt = model.releaseAt == null ? undefined : toMillis(model.releaseAt) || null;
    const hadPrerequisites = (await this.graph(c.game_id)).has(c.id);
    const gated = prerequisites ? prerequisites.length > 0 : hadPrerequisites;
    const wasOpen =
      c.is_enabled === 1 &&
      releasedByTime({ releaseAt: c.release_at, prerequisites: [] }, now) &&
      !hadPrerequisites;
    const at = releaseAt === undefined ? c.release_at : releaseAt;
    const open = (model.isEnabled ?? c.is_enabled === 1) && (at === null || at <= now) && !gated;
    return {
      releaseAt,
      open,
      opened: open && !wasOpen,
      announced: open ? 1 : 0,
      changed: releaseAt !== undefined || prerequisites !== undefined,
    };
  }

  async replace(id: number, prerequisites: number[]): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx.deleteFrom('challenge_prerequisites').where('challenge_id', '=', id).execute();
      if (prerequisites.length > 0) {
        await trx
          .insertInto('challenge_prerequisites')
          .values(prerequisites.map((prerequisite_id) => ({ challenge_id: id, prerequisite_id })))
          .execute();
      }
    });
  }
}
