// The admin group (gzctf-api.md §2.2): configuration, users, teams, participations, logs, writeups,
// instances and files.
import type { ProfileUserInfoModel } from '../contract/models/account.ts';
import type {
  AdminTeamModel,
  AdminUserInfoModel,
  ContainerInstanceModel,
  LogMessageModel,
  ParticipationEditModel,
  ParticipationReviewModel,
  ParticipationReviewResult,
  UserCreateModel,
  UserInfoModel,
  WriteupInfoModel,
} from '../contract/models/admin.ts';
import type { LocalFile } from '../contract/models/assets.ts';
import type { ConfigEditModel } from '../contract/models/info.ts';
import type { TeamInfoModel } from '../contract/models/team.ts';
import type { RouteQuery } from '../contract/route.ts';
import { admin as r } from '../contract/routes/admin.ts';
import type { ArrayResponse } from '../contract/schema.ts';
import type { PagedCall } from '../transport/pages.ts';
import type { CallOptions, Requester } from '../transport/transport.ts';
import { toBlob, type Upload } from './upload.ts';

/** `count`/`skip` paging of a list. */
export type PageQuery = RouteQuery<typeof r.teams>;
/** Paging of the users, optionally only those whose registration `field` contains `value`. */
export type UsersQuery = RouteQuery<typeof r.users>;
/** The admin log list's query: a level filter (default `All`) and paging. */
export type LogsQuery = RouteQuery<typeof r.logs>;

/**
 * The admin calls, as `client.admin` has them: configuration, users, teams, participations, logs, writeups, instances and files (admin only).
 */
export interface AdminApi {
  /** GET /api/admin/config: the platform configuration, every section filled. */
  config(options?: CallOptions): Promise<ConfigEditModel>;
  /** PUT /api/admin/config: save configuration sections (null sections are skipped). */
  updateConfig(body: ConfigEditModel, options?: CallOptions): Promise<void>;
  /** POST /api/admin/config/logo: replace the logo and the favicon derived from it. */
  uploadLogo(file: Upload, options?: CallOptions): Promise<void>;
  /** DELETE /api/admin/config/logo: restore the default logo and favicon. */
  deleteLogo(options?: CallOptions): Promise<void>;
  /**
   * GET /api/admin/users: a page of users by id; with `field` and `value`, only users whose registration field
   * contains the value (in any letter case).
   *
   * @example
   * const { data } = await client.admin.users({ field: 'school', value: 'Lyon' });
   */
  users(query?: UsersQuery, options?: CallOptions): PagedCall<ArrayResponse<UserInfoModel>>;
  /** POST /api/admin/users: create or update users in one transaction. */
  createUsers(users: UserCreateModel[], options?: CallOptions): Promise<void>;
  /** POST /api/admin/users/search: up to 30 users matching `hint`. */
  searchUsers(hint: string, options?: CallOptions): Promise<ArrayResponse<UserInfoModel>>;
  /** GET /api/admin/users/{userid}: one user's profile. */
  user(userId: string, options?: CallOptions): Promise<ProfileUserInfoModel>;
  /** PUT /api/admin/users/{userid}: change a user (null fields stay unchanged). */
  updateUser(userId: string, body: AdminUserInfoModel, options?: CallOptions): Promise<void>;
  /** DELETE /api/admin/users/{userid}/password: set a random password and resolve to it. */
  resetPassword(userId: string, options?: CallOptions): Promise<string>;
  /** DELETE /api/admin/users/{userid}: delete a user who captains no team. */
  deleteUser(userId: string, options?: CallOptions): Promise<void>;
  /** GET /api/admin/teams: a page of teams by id. */
  teams(query?: PageQuery, options?: CallOptions): PagedCall<ArrayResponse<TeamInfoModel>>;
  /** POST /api/admin/teams/search: up to 30 teams whose name contains `hint`, or whose id it is. */
  searchTeams(hint: string, options?: CallOptions): Promise<ArrayResponse<TeamInfoModel>>;
  /** PUT /api/admin/teams/{id}: change a team's name, bio or lock. */
  updateTeam(teamId: number, body: AdminTeamModel, options?: CallOptions): Promise<void>;
  /** DELETE /api/admin/teams/{id}: delete a team. */
  deleteTeam(teamId: number, options?: CallOptions): Promise<void>;
  /** GET /api/admin/logs: log entries, newest first. */
  logs(query?: LogsQuery, options?: CallOptions): PagedCall<LogMessageModel[]>;
  /** PUT /api/admin/participation/{id}: review a participation (division, then status). */
  updateParticipation(
    participationId: number,
    body: ParticipationEditModel,
    options?: CallOptions,
  ): Promise<void>;
  /** PUT /api/admin/participations: one status for several participations, each keeping its division. */
  reviewParticipations(
    body: ParticipationReviewModel,
    options?: CallOptions,
  ): Promise<ParticipationReviewResult>;
  /** GET /api/admin/writeups/{id}: a game's submitted writeups. */
  writeups(gameId: number, options?: CallOptions): Promise<WriteupInfoModel>;
  /** GET /api/admin/writeups/{id}/all: every writeup of a game as a .tar.gz. */
  downloadWriteups(gameId: number, options?: CallOptions): Promise<{ data: Blob; fileName: string }>;
  /** GET /api/admin/instances: running game containers. */
  instances(options?: CallOptions): Promise<ArrayResponse<ContainerInstanceModel>>;
  /** DELETE /api/admin/instances/{id}: destroy a container. */
  deleteInstance(containerId: string, options?: CallOptions): Promise<void>;
  /** GET /api/admin/files: a page of stored files by name. */
  files(query?: PageQuery, options?: CallOptions): PagedCall<ArrayResponse<LocalFile>>;
}

/** The admin group over a requester (see `createRequester`), for a script that needs only it. */
export const createAdminApi = (request: Requester): AdminApi => ({
  config: (options) => request(r.config, options),
  updateConfig: (body, options) => request(r.updateConfig, { ...options, body }),
  uploadLogo: (file, options) => request(r.uploadLogo, { ...options, file: toBlob(file) }),
  deleteLogo: (options) => request(r.deleteLogo, options),
  users: (query, options) => request(r.users, { ...options, query: query ?? {} }),
  createUsers: (users, options) => request(r.createUsers, { ...options, body: users }),
  searchUsers: (hint, options) => request(r.searchUsers, { ...options, query: { hint } }),
  user: (userid, options) => request(r.user, { ...options, params: { userid } }),
  updateUser: (userid, body, options) => request(r.updateUser, { ...options, params: { userid }, body }),
  resetPassword: (userid, options) => request(r.resetPassword, { ...options, params: { userid } }),
  deleteUser: (userid, options) => request(r.deleteUser, { ...options, params: { userid } }),
  teams: (query, options) => request(r.teams, { ...options, query: query ?? {} }),
  searchTeams: (hint, options) => request(r.searchTeams, { ...options, query: { hint } }),
  updateTeam: (id, body, options) => request(r.updateTeam, { ...options, params: { id }, body }),
  deleteTeam: (id, options) => request(r.deleteTeam, { ...options, params: { id } }),
  logs: (query, options) => request(r.logs, { ...options, query: query ?? {} }),
  updateParticipation: (id, body, options) =>
    request(r.updateParticipation, { ...options, params: { id }, body }),
  reviewParticipations: (body, options) => request(r.reviewParticipations, { ...options, body }),
  writeups: (id, options) => request(r.writeups, { ...options, params: { id } }),
  downloadWriteups: (id, options) => request(r.downloadWriteups, { ...options, params: { id } }),
  instances: (options) => request(r.instances, options),
  deleteInstance: (id, options) => request(r.deleteInstance, { ...options, params: { id } }),
  files: (query, options) => request(r.files, { ...options, query: query ?? {} }),
});
