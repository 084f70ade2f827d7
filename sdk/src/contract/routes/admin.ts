// §2.2 Admin: configuration, users, teams, participations, logs, writeups, instances and files.
import Type from 'typebox';
import { LogLevelFilter } from '../enums.ts';
import { ProfileUserInfoModel } from '../models/account.ts';
import {
  AdminTeamModel,
  AdminUserInfoModel,
  ContainerInstanceModel,
  LogMessageModel,
  ParticipationEditModel,
  UserCreateModel,
  UserInfoModel,
  WriteupInfoModel,
} from '../models/admin.ts';
import { LocalFile } from '../models/assets.ts';
import { ConfigEditModel } from '../models/info.ts';
import { TeamInfoModel } from '../models/team.ts';
import { route } from '../route.ts';
import { ArrayResponse, Guid, Paging } from '../schema.ts';

const byId = Type.Object({ id: Type.Integer() });
const byUser = Type.Object({ userid: Guid });
const search = Type.Object({ hint: Type.String() });

export const admin = {
  config: route({
    method: 'GET',
    path: '/api/admin/config',
    auth: 'admin',
    summary: 'The current platform configuration, all sections filled',
    response: ConfigEditModel,
  }),
  updateConfig: route({
    method: 'PUT',
    path: '/api/admin/config',
    auth: 'admin',
    summary: 'Save configuration sections (null sections are skipped)',
    body: ConfigEditModel,
    response: 'empty',
  }),
  uploadLogo: route({
    method: 'POST',
    path: '/api/admin/config/logo',
    auth: 'admin',
    summary: 'Replace the platform logo and the favicon derived from it',
    upload: 'file',
    response: 'empty',
  }),
  deleteLogo: route({
    method: 'DELETE',
    path: '/api/admin/config/logo',
    auth: 'admin',
    summary: 'Restore the default logo and favicon',
    response: 'empty',
  }),
  users: route({
    method: 'GET',
    path: '/api/admin/users',
    auth: 'admin',
    summary: 'A page of users by id',
    query: Type.Object(Paging({ max: 500, default: 100 })),
    response: ArrayResponse(UserInfoModel),
  }),
  createUsers: route({
    method: 'POST',
    path: '/api/admin/users',
    auth: 'admin',
    summary: 'Create or update users in one transaction, optionally grouping them into teams',
    body: Type.Array(UserCreateModel),
    response: 'empty',
  }),
  searchUsers: route({
    method: 'POST',
    path: '/api/admin/users/search',
    auth: 'admin',
    summary: 'Up to 30 users whose name, number, e-mail, phone, id or real name contains the hint',
    query: search,
    response: ArrayResponse(UserInfoModel),
  }),
  user: route({
    method: 'GET',
    path: '/api/admin/users/{userid}',
    auth: 'admin',
    summary: "One user's profile",
    params: byUser,
    response: ProfileUserInfoModel,
  }),
  updateUser: route({
    method: 'PUT',
    path: '/api/admin/users/{userid}',
    auth: 'admin',
    summary: 'Change a user (null fields stay unchanged)',
    params: byUser,
    body: AdminUserInfoModel,
    response: 'empty',
  }),
  resetPassword: route({
    method: 'DELETE',
    path: '/api/admin/users/{userid}/password',
    auth: 'admin',
    summary: 'Give a user a random 16-character password and answer it',
    params: byUser,
    response: Type.String(),
  }),
  deleteUser: route({
    method: 'DELETE',
    path: '/api/admin/users/{userid}',
    auth: 'admin',
    summary: 'Delete a user who captains no team',
    params: byUser,
    response: 'empty',
  }),
  teams: route({
    method: 'GET',
    path: '/api/admin/teams',
    auth: 'admin',
    summary: 'A page of teams by id',
    query: Type.Object(Paging({ max: 500, default: 100 })),
    response: ArrayResponse(TeamInfoModel),
  }),
  searchTeams: route({
    method: 'POST',
    path: '/api/admin/teams/search',
    auth: 'admin',
    summary: 'Up to 30 teams whose name contains the hint, or whose id is the hint',
    query: search,
    response: ArrayResponse(TeamInfoModel),
  }),
  updateTeam: route({
    method: 'PUT',
    path: '/api/admin/teams/{id}',
    auth: 'admin',
    summary: "Change a team's name, bio or lock",
    params: byId,
    body: AdminTeamModel,
    response: 'empty',
  }),
  deleteTeam: route({
    method: 'DELETE',
    path: '/api/admin/teams/{id}',
    auth: 'admin',
    summary: 'Delete a team',
    params: byId,
    response: 'empty',
  }),
  logs: route({
    method: 'GET',
    path: '/api/admin/logs',
    auth: 'admin',
    summary: 'Log entries, newest first',
    query: Type.Object({
      level: Type.Optional(Type.Enum(LogLevelFilter.enum, { title: 'LogLevelFilter', default: 'All' })),
      ...Paging({ max: 1000, default: 50 }),
    }),
    response: Type.Array(LogMessageModel),
  }),
  updateParticipation: route({
    method: 'PUT',
    path: '/api/admin/participation/{id}',
    auth: 'admin',
    summary: 'Review a participation: change its division, then its status',
    params: byId,
    body: ParticipationEditModel,
    response: 'empty',
  }),
  writeups: route({
    method: 'GET',
    path: '/api/admin/writeups/{id}',
    auth: 'admin',
    summary: "A game's submitted writeups",
    params: byId,
    response: WriteupInfoModel,
  }),
  downloadWriteups: route({
    method: 'GET',
    path: '/api/admin/writeups/{id}/all',
    auth: 'admin',
    summary: 'Every writeup of a game as a .tar.gz',
    params: byId,
    response: 'download',
  }),
  instances: route({
    method: 'GET',
    path: '/api/admin/instances',
    auth: 'admin',
    summary: 'Running game containers, by start time',
    response: ArrayResponse(ContainerInstanceModel),
  }),
  deleteInstance: route({
    method: 'DELETE',
    path: '/api/admin/instances/{id}',
    auth: 'admin',
    summary: 'Destroy a container',
    params: Type.Object({ id: Guid }),
    response: 'empty',
  }),
  files: route({
    method: 'GET',
    path: '/api/admin/files',
    auth: 'admin',
    summary: 'A page of stored files by name',
    query: Type.Object(Paging({ max: 500, default: 50 })),
    response: ArrayResponse(LocalFile),
  }),
};
