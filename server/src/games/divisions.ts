// Divisions of a game (§4.4): their settings, per-challenge overrides, and the rules they give their teams.
import {
  type Division,
  type DivisionChallengeConfigInput,
  type DivisionCreateModel,
  type DivisionEditModel,
  GamePermission,
} from '@pennon/sdk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DivisionsTable } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { LiveBus } from '../live/bus.ts';
import { divisionsEdited } from './judging-edits.ts';
import type { DivisionRules } from './permissions.ts';

export type DivisionRow = Selectable<DivisionsTable>;

/**
 * The invite code a join must give: the chosen division's own, else the game's. Unlike GZ::CTF (where a division
 * without a code lets anyone in), a game's code is never bypassed by adding divisions without codes of their own.
 */
export const inviteCodeFor = (
  game: { invite_code: string | null },
  division: Pick<DivisionRow, 'invite_code'> | undefined,
): string | null => division?.invite_code || game.invite_code || null;

export class DivisionService {
  constructor(
    private readonly db: Kysely<Database>,
    /** Where division edits are told to every process's judge; without one, each learns within its cache's age. */
    private readonly bus?: LiveBus,
  ) {}

  async create(gameId: number, model: DivisionCreateModel): Promise<Division> {
    await this.requireGame(gameId);
    const { id } = await this.db
      .insertInto('divisions')
      .values({
        game_id: gameId,
        name: model.name,
        invite_code: model.inviteCode || null,
        default_permissions: model.defaultPermissions ?? GamePermission.All,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (model.challengeConfigs) await this.replaceConfigs(gameId, id, model.challengeConfigs);
    this.bus?.publish(divisionsEdited(gameId));
    return this.get(gameId, id);
  }

  async list(gameId: number): Promise<Division[]> {
    await this.requireGame(gameId);
    const rows = await this.rows(gameId);
    const configs = await this.configs(rows.map((row) => row.id));
    return rows.map((row) => toDivision(row, configs));
  }

  /** Null fields stay unchanged; challengeConfigs replaces the whole set. */
  async update(gameId: number, id: number, model: DivisionEditModel): Promise<Division> {
    await this.get(gameId, id);
    const values = {
      ...(model.name != null && { name: model.name }),
      ...(model.inviteCode != null && { invite_code: model.inviteCode || null }),
      ...(model.defaultPermissions != null && { default_permissions: model.defaultPermissions }),
    };
    if (Object.keys(values).length > 0) {
      await this.db.updateTable('divisions').set(values).where('id', '=', id).execute();
    }
    if (model.challengeConfigs) await this.replaceConfigs(gameId, id, model.challengeConfigs);
    this.bus?.publish(divisionsEdited(gameId));
    return this.get(gameId, id);
  }

  async delete(gameId: number, id: number): Promise<void> {
    await this.get(gameId, id);
    await this.db.deleteFrom('divisions').where('id', '=', id).execute();
    this.bus?.publish(divisionsEdited(gameId));
  }

  rows(gameId: number): Promise<DivisionRow[]> {
    return this.db.selectFrom('divisions').selectAll().where('game_id', '=', gameId).orderBy('id').execute();
  }

  /** What a participation's division lets it do; undefined (everything) without one. */
  async rules(divisionId: number | null): Promise<DivisionRules | undefined> {
    if (divisionId === null) return undefined;
    const row = await this.db
      .selectFrom('divisions')
      .selectAll()
      .where('id', '=', divisionId)
      .executeTakeFirst();
    return row && toRules(row, await this.configs([row.id]));
  }

  /** The rules of every division of the game, by division id. */
  async rulesOfGame(gameId: number): Promise<Map<number, DivisionRules>> {
    const rows = await this.db.selectFrom('divisions').selectAll().where('game_id', '=', gameId).execute();
    const configs = await this.configs(rows.map((r) => r.id));
    return new Map(rows.map((row) => [row.id, toRules(row, configs)]));
  }

  private async get(gameId: number, id: number): Promise<Division> {
    const row = await this.db
      .selectFrom('divisions')
      .selectAll()
      .where('id', '=', id)
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    if (!row) throw new DomainError(404, 'Division not found');
    return toDivision(row, await this.configs([id]));
  }

  /** Overrides for challenges outside the game are dropped: they could never apply. */
  private async replaceConfigs(
    gameId: number,
    id: number,
    configs: DivisionChallengeConfigInput[],
  ): Promise<void> {
    const own = new Set(
      (await this.db.selectFrom('challenges').select('id').where('game_id', '=', gameId).execute()).map(
        (c) => c.id,
      ),
    );
    const rows = new Map(
      configs
        .filter((c) => own.has(c.challengeId))
        .map((c) => [
          c.challengeId,
          { division_id: id, challenge_id: c.challengeId, permissions: c.permissions ?? GamePermission.All },
        ]),
    );
    // The caller's transaction when there is one (a game import).
    await inTransaction(this.db, async (trx) => {
      await trx.deleteFrom('division_challenges').where('division_id', '=', id).execute();
      if (rows.size > 0)
        await trx
          .insertInto('division_challenges')
          .values([...rows.values()])
          .execute();
    });
  }

  private async configs(ids: number[]): Promise<Map<number, { challengeId: number; permissions: number }[]>> {
    const byDivision = new Map<number, { challengeId: number; permissions: number }[]>();
    if (ids.length === 0) return byDivision;
    const rows = await this.db
      .selectFrom('division_challenges')
      .selectAll()
      .where('division_id', 'in', ids)
      .orderBy('challenge_id')
      .execute();
    for (const row of rows) {
      const list = byDivision.get(row.division_id) ?? [];
      list.push({ challengeId: row.challenge_id, permissions: row.permissions });
      byDivision.set(row.division_id, list);
    }
    return byDivision;
  }

  private async requireGame(gameId: number): Promise<void> {
    const game = await this.db.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst();
    if (!game) throw new DomainError(404, 'Game not found');
  }
}

const toDivision = (
  row: DivisionRow,
  configs: Map<number, { challengeId: number; permissions: number }[]>,
): Division => ({
  id: row.id,
  name: row.name,
  inviteCode: row.invite_code,
  defaultPermissions: row.default_permissions,
  challengeConfigs: configs.get(row.id) ?? [],
});

const toRules = (
  row: DivisionRow,
  configs: Map<number, { challengeId: number; permissions: number }[]>,
): DivisionRules => ({
  defaultPermissions: row.default_permissions,
  overrides: new Map((configs.get(row.id) ?? []).map((c) => [c.challengeId, c.permissions])),
});
