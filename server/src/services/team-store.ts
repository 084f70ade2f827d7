// The teams and team_members tables behind a small typed API. Rules (who may do what) live in teams.ts.
import { randomBytes } from 'node:crypto';
import type { TeamInfoModel, TeamUserInfoModel } from '@pennon/sdk/contract';
import type { Kysely, Selectable } from 'kysely';
import { chunksOf } from '../db/chunks.ts';
import { containsText } from '../db/like.ts';
import type { Database, TeamsTable } from '../db/schema.ts';
import { avatarUrl, normalize } from './users.ts';

export interface Team {
  id: number;
  name: string;
  bio: string | null;
  avatarHash: string | null;
  locked: boolean;
  inviteToken: string;
  captainId: string;
}

export type TeamPatch = Partial<Pick<Team, 'name' | 'bio' | 'locked' | 'inviteToken' | 'captainId'>>;

/** The secret of an invite code: a fresh random 128-bit value, as 32 hex digits. */
export const newInviteToken = (): string => randomBytes(16).toString('hex');

const toTeam = (row: Selectable<TeamsTable>): Team => ({
  id: row.id,
  name: row.name,
  bio: row.bio,
  avatarHash: row.avatar_hash,
  locked: row.locked === 1,
  inviteToken: row.invite_token,
  captainId: row.captain_id,
});

export class TeamStore {
  constructor(private readonly db: Kysely<Database>) {}

  async byId(id: number): Promise<Team | undefined> {
    const row = await this.db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toTeam(row);
  }

  /** The oldest team of this name, as names compare (databases from before may hold a name twice). */
  async byName(name: string): Promise<Team | undefined> {
    const row = await this.db
      .selectFrom('teams')
      .selectAll()
      .where('normalized_name', '=', normalize(name))
      .orderBy('id')
      .executeTakeFirst();
    return row && toTeam(row);
  }

  /** Whether another team has a name that reads the same (NFKC, any letter case). */
  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    let query = this.db.selectFrom('teams').select('id').where('normalized_name', '=', normalize(name));
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** Inserts a team whose captain is also its first member; run it in a transaction. */
  async create(team: { name: string; bio: string | null; captainId: string }): Promise<Team> {
    const { id } = await this.db
      .insertInto('teams')
      .values({
        name: team.name,
        normalized_name: normalize(team.name),
        bio: team.bio,
        invite_token: newInviteToken(),
        captain_id: team.captainId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.addMember(id, team.captainId);
    return (await this.byId(id)) as Team;
  }

  /** The oldest team of each of these names (as `byName` finds it), by normalized name; a few hundred per query. */
  async byNames(names: string[]): Promise<Map<string, Team>> {
    const found = new Map<string, Team>();
    const keys = [...new Set(names.map(normalize))];
    for (const some of chunksOf(keys)) {
      const rows = await this.db
        .selectFrom('teams')
        .selectAll()
        .where('normalized_name', 'in', some)
        .orderBy('id', 'desc')
        .execute();
      for (const row of rows) found.set(row.normalized_name, toTeam(row));
    }
    return found;
  }

  /** Inserts teams, a few hundred per statement, without members: `addMembers` adds their captains. */
  async createMany(teams: { name: string; captainId: string }[]): Promise<void> {
    for (const some of chunksOf(teams))
      await this.db
        .insertInto('teams')
        .values(
          some.map((team) => ({
            name: team.name,
            normalized_name: normalize(team.name),
            bio: null,
            invite_token: newInviteToken(),
            captain_id: team.captainId,
          })),
        )
        .execute();
  }

  /** Adds members, a few hundred per statement; one already in the team stays as they were. */
  async addMembers(members: { teamId: number; userId: string }[]): Promise<void> {
    for (const some of chunksOf(members))
      await this.db
        .insertInto('team_members')
        .values(some.map((m) => ({ team_id: m.teamId, user_id: m.userId })))
        .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
        .execute();
  }

  async update(id: number, patch: TeamPatch): Promise<void> {
    const values = {
      ...(patch.name !== undefined && { name: patch.name, normalized_name: normalize(patch.name) }),
      ...(patch.bio !== undefined && { bio: patch.bio }),
      ...(patch.locked !== undefined && { locked: patch.locked ? 1 : 0 }),
      ...(patch.inviteToken !== undefined && { invite_token: patch.inviteToken }),
      ...(patch.captainId !== undefined && { captain_id: patch.captainId }),
    };
    if (Object.keys(values).length > 0)
      await this.db.updateTable('teams').set(values).where('id', '=', id).execute();
  }

  /** Memberships go with the team (foreign-key cascade). */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('teams').where('id', '=', id).execute();
  }

  /** Whether the team takes part in a game that ends after `now`. */
  async inUnfinishedGame(teamId: number, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('participations')
      .innerJoin('games', 'games.id', 'participations.game_id')
      .select('participations.id')
      .where('participations.team_id', '=', teamId)
      .where('games.end_time', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The ids of the team's members registered for the game through it. */
  async playersIn(teamId: number, gameId: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('participation_members')
      .innerJoin('participations', 'participations.id', 'participation_members.participation_id')
      .select('participation_members.user_id')
      .where('participations.team_id', '=', teamId)
      .where('participations.game_id', '=', gameId)
      .execute();
    return new Set(rows.map((row) => row.user_id));
  }

  async captaincies(userId: string): Promise<number> {
    const { total } = await this.db
      .selectFrom('teams')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('captain_id', '=', userId)
      .executeTakeFirstOrThrow();
    return total;
  }

  async isMember(teamId: number, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async addMember(teamId: number, userId: string): Promise<void> {
    await this.db
      .insertInto('team_members')
      .values({ team_id: teamId, user_id: userId })
      .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
      .execute();
  }

  async removeMember(teamId: number, userId: string): Promise<void> {
    await this.db
      .deleteFrom('team_members')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .execute();
  }

  async ofMember(userId: string): Promise<Team[]> {
    const rows = await this.db
      .selectFrom('teams')
      .innerJoin('team_members', 'team_members.team_id', 'teams.id')
      .selectAll('teams')
      .where('team_members.user_id', '=', userId)
      .orderBy('teams.id')
      .execute();
    return rows.map(toTeam);
  }

  async page(count: number, skip: number): Promise<Team[]> {
    const rows = await this.db
      .selectFrom('teams')
      .selectAll()
      .orderBy('id')
      .limit(count)
      .offset(skip)
      .execute();
    return rows.map(toTeam);
  }

  async count(): Promise<number> {
    const { total } = await this.db
      .selectFrom('teams')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return total;
  }

  /** Teams whose name contains the hint, or whose id it is. */
  async search(hint: string, limit: number): Promise<Team[]> {
    const id = /^\d{1,9}$/.test(hint.trim()) ? Number(hint.trim()) : undefined;
    const rows = await this.db
      .selectFrom('teams')
      .selectAll()
      .where((eb) => eb.or([containsText('name', hint), ...(id === undefined ? [] : [eb('id', '=', id)])]))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toTeam);
  }

  /** The wire shape of each team, members included (the captain first, then by name). */
  async infos(teams: Team[]): Promise<TeamInfoModel[]> {
    if (teams.length === 0) return [];
    const rows = await this.db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select(['team_members.team_id', 'users.id', 'users.user_name', 'users.bio', 'users.avatar_hash'])
      .where(
        'team_members.team_id',
        'in',
        teams.map((team) => team.id),
      )
      .orderBy('users.user_name')
      .execute();
    return teams.map((team) => {
      const members: TeamUserInfoModel[] = rows
        .filter((row) => row.team_id === team.id)
        .map((row) => ({
          id: row.id,
          userName: row.user_name,
          bio: row.bio,
          avatar: avatarUrl(row.avatar_hash),
          captain: row.id === team.captainId,
        }))
        .sort((a, b) => Number(b.captain) - Number(a.captain));
      return {
        id: team.id,
        name: team.name,
        bio: team.bio,
        avatar: avatarUrl(team.avatarHash),
        locked: team.locked,
        members,
      };
    });
  }

  async info(team: Team): Promise<TeamInfoModel> {
    return (await this.infos([team]))[0] as TeamInfoModel;
  }
}
