// Joining and leaving games, and the admin review (§4.5). A participation is a team in a game; its members are the
// users registered through it, each user in at most one team per game.
import {
  ErrorCode,
  type GameJoinCheckInfoModel,
  type GameJoinModel,
  GamePermission,
  hasPermission,
  type ParticipationEditModel,
  type ParticipationInfoModel,
  type ParticipationStatus,
} from '@pennon/sdk/contract';
import type { Kysely, Selectable } from 'kysely';
import { holdRow } from '../db/row-lock.ts';
import type { Database, ParticipationsTable } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { TeamStore } from '../services/team-store.ts';
import { avatarUrl, toProfile, UserStore } from '../services/users.ts';
import { type WebhookQueue, webhookEvent } from '../webhooks/queue.ts';
import { type DivisionRow, inviteCodeFor } from './divisions.ts';
import type { GameKeys } from './game-keys.ts';
import { type Game, GameStore } from './game-store.ts';
import { Instances } from './instances.ts';

export type Participation = Selectable<ParticipationsTable>;

/** A user's participation in a game, through whichever team they registered with. */
export const registrationOf = (
  db: Kysely<Database>,
  gameId: number,
  userId: string,
): Promise<Participation | undefined> =>
  db
    .selectFrom('participation_members')
    .innerJoin('participations', 'participations.id', 'participation_members.participation_id')
    .selectAll('participations')
    .where('participation_members.game_id', '=', gameId)
    .where('participation_members.user_id', '=', userId)
    .executeTakeFirst();

/** After the end only practice mode lets anyone in or play on. */
export const isClosed = (game: Pick<Game, 'practice_mode' | 'end_time'>, now: number): boolean =>
  game.practice_mode === 0 && now > game.end_time;

export class ParticipationService {
  private readonly games: GameStore;
  private readonly teams: TeamStore;
  private readonly instances: Instances;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly keys: GameKeys,
    private readonly webhooks?: WebhookQueue,
    private readonly now: () => number = Date.now,
  ) {
    this.games = new GameStore(db);
    this.teams = new TeamStore(db);
    this.instances = new Instances(db);
  }

  /** The §4.5 flow, in its order. */
  async join(userId: string, gameId: number, model: GameJoinModel): Promise<void> {
    const game = await this.game(gameId);
    if (isClosed(game, this.now())) throw new DomainError(400, 'The game has ended', ErrorCode.GameEnded);
    const team = await this.teams.byId(model.teamId);
    if (!team) throw new DomainError(404, 'Team not found');
    if (!(await this.teams.isMember(team.id, userId))) throw new DomainError(400, 'You are not in this team');

    const divisions = await this.divisionRows(gameId);
    const standing = await this.ofTeam(gameId, team.id);
    const joined = standing && standing.status !== 'Rejected' ? standing : undefined;
    let division: DivisionRow | undefined;
    if (joined) {
      // A teammate joins the team's participation as it stands: in its division, and with no code (the team gave
      // it). Unlike GZ::CTF, which has them choose the division and give the code again.
      if (model.divisionId != null && model.divisionId !== joined.division_id) {
        throw new DomainError(400, "The team's division in this game can't be changed");
      }
      division = divisions.find((d) => d.id === joined.division_id);
    } else {
      const joinable = divisions.filter((d) => hasPermission(d.default_permissions, GamePermission.JoinGame));
      division = joinable.find((d) => d.id === model.divisionId);
      if (joinable.length > 0 && !division)
        throw new DomainError(400, 'Choose one of the divisions open to join');
      const code = inviteCodeFor(game, division);
      if (code && model.inviteCode !== code) throw new DomainError(400, 'The invite code is wrong');
    }

    const registration = await registrationOf(this.db, gameId, userId);
    if (registration && registration.team_id !== team.id && registration.status !== 'Rejected') {
      throw new DomainError(400, 'You already take part in this game with another team');
    }
    if (registration && registration.team_id !== team.id) await this.unregister(registration.id, userId);

    let participation: Participation;
    if (joined) {
      participation = joined;
    } else if (standing) {
      const divisionId = division?.id ?? null;
      await this.db
        .updateTable('participations')
        .set({ status: 'Pending', division_id: divisionId })
        .where('id', '=', standing.id)
        .execute();
      participation = { ...standing, status: 'Pending', division_id: divisionId };
    } else {
      participation = await this.create(game, team.id, division?.id ?? null);
    }

    await this.register(participation.id, gameId, userId, game.team_member_count_limit);
    if (!joined)
      await this.webhooks?.emit(
        webhookEvent('team.joined', gameId, { team: { id: team.id, name: team.name } }, this.now()),
      );

    if (participation.status !== 'Pending') return;
    const autoAccept = division
      ? !hasPermission(division.default_permissions, GamePermission.RequireReview)
      : game.accept_without_review === 1;
    if (autoAccept) await this.setStatus(participation, 'Accepted');
  }

  /** Only a participation still under review (or refused) can be left; the last member takes it along. */
  async leave(userId: string, gameId: number): Promise<void> {
    await this.game(gameId);
    const registration = await registrationOf(this.db, gameId, userId);
    if (!registration) throw new DomainError(400, 'You have not joined this game');
    if (registration.status !== 'Pending' && registration.status !== 'Rejected') {
      throw new DomainError(400, 'Only a participation that is pending or rejected can be left');
    }
    await this.unregister(registration.id, userId);
  }

  async check(userId: string, gameId: number): Promise<GameJoinCheckInfoModel> {
    await this.game(gameId);
    const teams = await this.db
      .selectFrom('participations')
      .innerJoin('team_members', 'team_members.team_id', 'participations.team_id')
      .select(['participations.team_id', 'participations.division_id', 'participations.status'])
      .where('participations.game_id', '=', gameId)
      .where('team_members.user_id', '=', userId)
      .orderBy('participations.team_id')
      .execute();
    const divisions = await this.divisionRows(gameId);
    return {
      joinedTeams: teams.flatMap((row) =>
        row.division_id === null ? [] : [{ id: row.team_id, division: row.division_id }],
      ),
      joinableDivisions: divisions
        .filter((d) => hasPermission(d.default_permissions, GamePermission.JoinGame))
        .map((d) => d.id),
      teams: teams.map((row) => ({ id: row.team_id, division: row.division_id, status: row.status })),
    };
  }

  /** The admin review: the division first (null clears it, an unknown id is ignored), then the status. */
  /** Changes a participation's division, then its status; answers its game's id. */
  async review(id: number, model: ParticipationEditModel): Promise<number> {
    let participation = await this.reviewed(id);
    const divisions = await this.divisionRows(participation.game_id);
    const divisionId =
      model.divisionId == null
        ? null
        : divisions.some((d) => d.id === model.divisionId)
          ? model.divisionId
          : participation.division_id;
    if (divisionId !== participation.division_id) {
      await this.db
        .updateTable('participations')
        .set({ division_id: divisionId })
        .where('id', '=', id)
        .execute();
      participation = { ...participation, division_id: divisionId };
    }
    if (model.status) await this.changeStatus(participation, model.status);
    return participation.game_id;
  }

  /** Sets a participation's status, keeping its division (a bulk review); answers its game's id. */
  async reviewStatus(id: number, status: ParticipationStatus): Promise<number> {
    const participation = await this.reviewed(id);
    await this.changeStatus(participation, status);
    return participation.game_id;
  }

  private async reviewed(id: number): Promise<Participation> {
    const participation = await this.db
      .selectFrom('participations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!participation) throw new DomainError(404, 'Participation not found');
    return participation;
  }

  /** A verdict, not the status a team starts with, and only when it changes something. */
  private async changeStatus(participation: Participation, status: ParticipationStatus): Promise<void> {
    if (status !== 'Unsubmitted' && status !== participation.status)
      await this.setStatus(participation, status);
  }

  async list(gameId: number): Promise<ParticipationInfoModel[]> {
    if (!(await this.games.byId(gameId))) throw new DomainError(404, 'Game not found', 400);
    const participations = await this.db
      .selectFrom('participations')
      .selectAll()
      .where('game_id', '=', gameId)
      .orderBy('team_id')
      .execute();
    const users = new UserStore(this.db);
    const result: ParticipationInfoModel[] = [];
    for (const p of participations) {
      const team = await this.teams.byId(p.team_id);
      if (!team) continue;
      const members = await this.db
        .selectFrom('team_members')
        .select('user_id')
        .where('team_id', '=', team.id)
        .orderBy('user_id')
        .execute();
      const profiles = [];
      for (const m of members) {
        const user = await users.byId(m.user_id);
        if (user) profiles.push(toProfile(user));
      }
      result.push({
        id: p.id,
        team: {
          id: team.id,
          locked: team.locked,
          captainId: team.captainId,
          name: team.name,
          bio: team.bio,
          avatar: avatarUrl(team.avatarHash),
          members: profiles,
        },
        registeredMembers: await this.memberIds(p.id),
        divisionId: p.division_id,
        status: p.status,
      });
    }
    return result;
  }

  /** Accepting locks the team and hands it every enabled challenge; refusing drops its division. */
  private async setStatus(participation: Participation, status: Participation['status']): Promise<void> {
    await this.db
      .updateTable('participations')
      .set({ status, ...(status === 'Rejected' && { division_id: null }) })
      .where('id', '=', participation.id)
      .execute();
    if (status === 'Accepted') {
      await this.teams.update(participation.team_id, { locked: true });
      await this.instances.forParticipation(participation.id, participation.game_id);
    }
  }

  private async create(game: Game, teamId: number, divisionId: number | null): Promise<Participation> {
    const token = await this.keys.teamToken(game.private_key, teamId);
    await this.db
      .insertInto('participations')
      .values({ game_id: game.id, team_id: teamId, status: 'Pending', division_id: divisionId, token })
      .onConflict((oc) => oc.columns(['game_id', 'team_id']).doNothing())
      .execute();
    // A teammate joining at the same moment may have created it first.
    return (await this.ofTeam(game.id, teamId)) as Participation;
  }

  private async unregister(participationId: number, userId: string): Promise<void> {
    await this.db
      .deleteFrom('participation_members')
      .where('participation_id', '=', participationId)
      .where('user_id', '=', userId)
      .execute();
    if ((await this.memberIds(participationId)).length === 0) {
      await this.db.deleteFrom('participations').where('id', '=', participationId).execute();
    }
  }

  private ofTeam(gameId: number, teamId: number): Promise<Participation | undefined> {
    return this.db
      .selectFrom('participations')
      .selectAll()
      .where('game_id', '=', gameId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
  }

  /**
   * Registers the user through the participation, unless it has `limit` members already (0: no limit). Counted and
   * written in one transaction holding the participation: teammates joining at once cannot all fit under the limit.
   */
  private async register(
    participationId: number,
    gameId: number,
    userId: string,
    limit: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await holdRow(trx, 'participations', participationId);
      const members = await this.memberIds(participationId, trx);
      if (members.includes(userId)) return;
      if (limit > 0 && members.length >= limit) {
        throw new DomainError(400, 'The team has reached the member limit of this game');
      }
      await trx
        .insertInto('participation_members')
        .values({ participation_id: participationId, game_id: gameId, user_id: userId })
        .execute();
    });
  }

  private async memberIds(participationId: number, db: Kysely<Database> = this.db): Promise<string[]> {
    const rows = await db
      .selectFrom('participation_members')
      .select('user_id')
      .where('participation_id', '=', participationId)
      .orderBy('user_id')
      .execute();
    return rows.map((row) => row.user_id);
  }

  private divisionRows(gameId: number) {
    return this.db.selectFrom('divisions').selectAll().where('game_id', '=', gameId).orderBy('id').execute();
  }

  private async game(id: number): Promise<Game> {
    const game = await this.games.byId(id);
    if (!game) throw new DomainError(404, 'Game not found');
    return game;
  }
}
