// Awards and penalties (issue #44): the rules of a game's point adjustments in one place. Each change invalidates
// the game's scoreboard, which bumps its version (its ETag, other processes' copies) and fires the live push; the
// scoring adds them to totals and score histories (scoring.ts).
import type { ScoreAdjustmentInput, ScoreAdjustmentModel } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { GameStore, toMillis } from './game-store.ts';
import type { Scoreboards } from './scoreboard.ts';

export class AdjustmentService {
  readonly #games: GameStore;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly scoreboards: Scoreboards,
    private readonly now: () => number = Date.now,
  ) {
    this.#games = new GameStore(db);
  }

  async list(gameId: number): Promise<ScoreAdjustmentModel[]> {
    await this.#game(gameId);
    return (await this.#rows(gameId).execute()).map(withHint);
  }

  async create(gameId: number, input: ScoreAdjustmentInput, adminId: string): Promise<ScoreAdjustmentModel> {
    await this.#game(gameId);
    const row = await this.db
      .insertInto('score_adjustments')
      .values({ game_id: gameId, ...(await this.#values(gameId, input)), admin_id: adminId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.#changed(gameId, row.id);
  }

  async update(
    gameId: number,
    adjustmentId: number,
    input: ScoreAdjustmentInput,
    adminId: string,
  ): Promise<ScoreAdjustmentModel> {
    const existing = await this.#existing(gameId, adjustmentId);
    // A hint's cost stays what the team paid when it unlocked the hint; deleting it refunds the team.
    if (existing.hintId !== undefined) throw new DomainError(400, "A hint's cost cannot be rewritten");
    await this.db
      .updateTable('score_adjustments')
      .set({ ...(await this.#values(gameId, input)), admin_id: adminId })
      .where('id', '=', adjustmentId)
      .execute();
    return this.#changed(gameId, adjustmentId);
  }

  /** Answers what was deleted, for the audit log. */
  async delete(gameId: number, adjustmentId: number): Promise<ScoreAdjustmentModel> {
    const existing = await this.#existing(gameId, adjustmentId);
    await this.db.deleteFrom('score_adjustments').where('id', '=', adjustmentId).execute();
    await this.scoreboards.invalidate(gameId);
    return existing;
  }

  async #game(gameId: number) {
    if (!(await this.#games.byId(gameId))) throw new DomainError(404, 'Game not found');
  }

  async #existing(gameId: number, adjustmentId: number): Promise<ScoreAdjustmentModel> {
    await this.#game(gameId);
    const row = await this.#rows(gameId).where('a.id', '=', adjustmentId).executeTakeFirst();
    if (!row) throw new DomainError(404, 'Award or penalty not found');
    return withHint(row);
  }

  /** The columns an input sets; a team that does not take part in the game is refused. */
  async #values(gameId: number, input: ScoreAdjustmentInput) {
    const participation = await this.db
      .selectFrom('participations')
      .select('id')
      .where('game_id', '=', gameId)
      .where('team_id', '=', input.teamId)
      .executeTakeFirst();
    if (!participation) throw new DomainError(400, 'That team does not take part in this game');
    return {
      participation_id: participation.id,
      points: input.points,
      reason: input.reason.trim(),
      time: input.time === undefined ? this.now() : toMillis(input.time),
    };
  }

  async #changed(gameId: number, adjustmentId: number): Promise<ScoreAdjustmentModel> {
    await this.scoreboards.invalidate(gameId);
    return this.#existing(gameId, adjustmentId);
  }

  #rows(gameId: number) {
    return this.db
      .selectFrom('score_adjustments as a')
      .innerJoin('participations as p', 'p.id', 'a.participation_id')
      .innerJoin('teams as t', 't.id', 'p.team_id')
      .leftJoin('users as u', 'u.id', 'a.admin_id')
      .select([
        'a.id',
        'a.points',
        'a.reason',
        'a.time',
        't.id as teamId',
        't.name as teamName',
        'u.user_name as adminName',
        'a.hint_id as hintId',
      ])
      .where('a.game_id', '=', gameId)
      .orderBy('a.time')
      .orderBy('a.id');
  }
}

/** A hint's cost names its hint; an award or a penalty has no `hintId` at all. */
const withHint = <T extends { hintId: number | null }>({ hintId, ...row }: T) =>
  hintId === null ? row : { ...row, hintId };
