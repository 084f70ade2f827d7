// The rules of teams (§2.9, §4.5): captains (at most 3 teams each), invite codes, membership and the lock.
// Accepting a team into a game locks it; the lock clears itself at the next check once no game of the team is
// still to end.
import type { AdminTeamModel, ArrayResponse, TeamInfoModel, TeamUpdateModel } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../errors/domain-error.ts';
import { msg } from '../i18n/message.ts';
import { acceptTeamName } from './names.ts';
import type { RegistrationFieldService } from './registration-fields.ts';
import { newInviteToken, type Team, TeamStore } from './team-store.ts';
import { UserStore } from './users.ts';

const maxCaptaincies = 3;
const searchLimit = 30;

/** `{name}:{id}:{token}`; the name may itself contain colons, so the code is read from its end. */
const inviteCodeOf = (team: Team): string => `${team.name}:${team.id}:${team.inviteToken}`;
const inviteCodePattern = /:(\d+):([0-9a-f]{32})$/;

const requireUnlocked = async (teams: TeamStore, team: Team): Promise<void> => {
  if (!team.locked) return;
  if (await teams.inUnfinishedGame(team.id, Date.now())) {
    throw new DomainError(400, 'The team is locked while it takes part in a game');
  }
  await teams.update(team.id, { locked: false });
};

/** The name as stored; 400 when the rule refuses it or another team's name reads the same. */
const freeTeamName = async (teams: TeamStore, given: string, exceptId?: number): Promise<string> => {
  const name = acceptTeamName(given);
  if (await teams.nameTaken(name, exceptId))
    throw new DomainError(400, msg`The team name "${name}" is already taken`);
  return name;
};

const requireCaptaincyRoom = async (teams: TeamStore, userId: string): Promise<void> => {
  if ((await teams.captaincies(userId)) >= maxCaptaincies) {
    throw new DomainError(400, msg`A user can captain at most ${maxCaptaincies} teams`);
  }
};

export class TeamService {
  private readonly teams: TeamStore;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly fields: RegistrationFieldService,
  ) {
    this.teams = new TeamStore(db);
  }

  /** The teams' wire shape, each member with the public registration fields it filled. */
  private async infos(teams: Team[]): Promise<TeamInfoModel[]> {
    const infos = await this.teams.infos(teams);
    const ids = infos.flatMap((info) =>
      (info.members ?? []).flatMap((member) => (member.id ? [member.id] : [])),
    );
    const values = await this.fields.valuesOf(ids, 'public');
    if (values.size === 0) return infos;
    return infos.map((info) => ({
      ...info,
      members: info.members?.map((member) => {
        const filled = member.id ? values.get(member.id) : undefined;
        return filled ? { ...member, fields: filled } : member;
      }),
    }));
  }

  private async info(team: Team): Promise<TeamInfoModel> {
    return (await this.infos([team]))[0] as TeamInfoModel;
  }

  /** With `gameId`, only the members who play that game with the team: a game's team page lists its players. */
  async get(id: number, gameId?: number): Promise<TeamInfoModel> {
    const team = await this.teams.byId(id);
    if (!team) throw new DomainError(404, 'Team not found');
    const info = await this.info(team);
    if (gameId === undefined) return info;
    const players = await this.teams.playersIn(id, gameId);
    return {
      ...info,
      members: info.members?.filter((member) => member.id !== null && players.has(member.id)),
    };
  }

  async ofMember(userId: string): Promise<TeamInfoModel[]> {
    return this.infos(await this.teams.ofMember(userId));
  }

  async create(userId: string, model: TeamUpdateModel): Promise<TeamInfoModel> {
    if (!model.name) throw new DomainError(400, 'The team needs a name');
    const given = model.name;
    const team = await this.db.transaction().execute(async (trx) => {
      const teams = new TeamStore(trx);
      const name = await freeTeamName(teams, given);
      await requireCaptaincyRoom(teams, userId);
      return teams.create({ name, bio: model.bio ?? null, captainId: userId });
    });
    return this.info(team);
  }

  /** An empty name keeps the old one; the bio is always replaced. */
  async update(userId: string, id: number, model: TeamUpdateModel): Promise<TeamInfoModel> {
    const team = await this.captained(userId, id);
    const name = model.name ? await freeTeamName(this.teams, model.name, id) : undefined;
    await this.teams.update(id, { name, bio: model.bio ?? null });
    return this.current(team.id);
  }

  /** The new captain must already be a member, so a team never has a captain outside it. */
  async transfer(userId: string, id: number, newCaptainId: string): Promise<TeamInfoModel> {
    const team = await this.captained(userId, id);
    if (!(await new UserStore(this.db).byId(newCaptainId))) throw new DomainError(400, 'User not found');
    if (!(await this.teams.isMember(id, newCaptainId))) {
      throw new DomainError(400, 'The new captain must be a member of the team');
    }
    if (newCaptainId !== userId) await requireCaptaincyRoom(this.teams, newCaptainId);
    await this.teams.update(id, { captainId: newCaptainId });
    return this.current(team.id);
  }

  async inviteCode(userId: string, id: number): Promise<string> {
    return inviteCodeOf(await this.captained(userId, id));
  }

  /** A new token voids every code handed out before. */
  async refreshInviteCode(userId: string, id: number): Promise<string> {
    const team = await this.captained(userId, id);
    const inviteToken = newInviteToken();
    await this.teams.update(id, { inviteToken });
    return inviteCodeOf({ ...team, inviteToken });
  }

  async kick(userId: string, id: number, memberId: string): Promise<TeamInfoModel> {
    const team = await this.captained(userId, id);
    await requireUnlocked(this.teams, team);
    if (memberId === team.captainId)
      throw new DomainError(400, 'The captain cannot be removed from the team');
    if (!(await this.teams.isMember(id, memberId))) throw new DomainError(400, 'The user is not in the team');
    await this.teams.removeMember(id, memberId);
    return this.current(team.id);
  }

  async accept(userId: string, code: string): Promise<void> {
    const match = inviteCodePattern.exec(code);
    const id = Number(match?.[1]);
    if (!match || !Number.isSafeInteger(id)) throw new DomainError(400, 'The invite code is not valid');
    const team = await this.teams.byId(id);
    if (!team) throw new DomainError(400, 'The team of this invite code no longer exists');
    if (team.inviteToken !== match[2]) throw new DomainError(400, 'The invite code is no longer valid');
    if (await this.teams.isMember(id, userId)) throw new DomainError(400, 'You are already in this team');
    await this.teams.addMember(id, userId);
  }

  /** The captain can't leave: they hand the team over or delete it. */
  async leave(userId: string, id: number): Promise<void> {
    const team = await this.teams.byId(id);
    if (!team) throw new DomainError(404, 'Team not found');
    if (!(await this.teams.isMember(id, userId))) throw new DomainError(400, 'You are not in this team');
    await requireUnlocked(this.teams, team);
    if (team.captainId === userId) {
      throw new DomainError(400, 'The captain cannot leave: transfer the team or delete it');
    }
    await this.teams.removeMember(id, userId);
  }

  async delete(userId: string, id: number): Promise<void> {
    const team = await this.teams.byId(id);
    if (!team) throw new DomainError(404, 'Team not found');
    if (team.captainId !== userId) throw new DomainError(403, 'Only the captain can do this');
    await requireUnlocked(this.teams, team);
    await this.teams.delete(id);
  }

  async page(count: number, skip: number): Promise<ArrayResponse<TeamInfoModel>> {
    const data = await this.infos(await this.teams.page(count, skip));
    return { data, length: data.length, total: await this.teams.count() };
  }

  async search(hint: string): Promise<ArrayResponse<TeamInfoModel>> {
    const data = await this.infos(await this.teams.search(hint, searchLimit));
    return { data, length: data.length, total: data.length };
  }

  /** An admin's edit: empty or null name and bio keep the stored values. */
  async adminUpdate(id: number, model: AdminTeamModel): Promise<void> {
    if (!(await this.teams.byId(id))) throw new DomainError(400, 'Team not found');
    await this.teams.update(id, {
      ...(model.name && { name: await freeTeamName(this.teams, model.name, id) }),
      ...(model.bio && { bio: model.bio }),
      ...(model.locked != null && { locked: model.locked }),
    });
  }

  async adminDelete(id: number): Promise<void> {
    if (!(await this.teams.byId(id))) throw new DomainError(404, 'Team not found');
    await this.teams.delete(id);
  }

  /** The team, when the caller captains it: 400 when it doesn't exist (as GZ::CTF answers), 403 for others. */
  private async captained(userId: string, id: number): Promise<Team> {
    const team = await this.teams.byId(id);
    if (!team) throw new DomainError(400, 'Team not found');
    if (team.captainId !== userId) throw new DomainError(403, 'Only the captain can do this');
    return team;
  }

  private async current(id: number): Promise<TeamInfoModel> {
    return this.info((await this.teams.byId(id)) as Team);
  }
}
