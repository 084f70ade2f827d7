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
  ParticipationReviewModel,
  ParticipationReviewResult,
  UserCreateModel,
  UserInfoModel,
  WriteupInfoModel,
} from '../models/admin.ts';
import { LocalFile } from '../models/assets.ts';
import { ConfigEditModel } from '../models/info.ts';
import { RegistrationFieldKey } from '../models/registration-fields.ts';
import { TeamInfoModel } from '../models/team.ts';
import type { EndpointSchemas } from '../route.ts';
import { ArrayResponse, Guid, Id, Paging } from '../schema.ts';

const byId = Type.Object({ id: Id });
const byUser = Type.Object({ userid: Guid });
const search = Type.Object({ hint: Type.String() });

export const admin = {
  config: {
    summary: 'The current platform configuration, all sections filled',
    response: ConfigEditModel,
  },
  updateConfig: {
    summary: 'Save configuration sections (null sections are skipped)',
    body: ConfigEditModel,
  },
  uploadLogo: {
    summary: 'Replace the platform logo and the favicon derived from it',
  },
  deleteLogo: {
    summary: 'Restore the default logo and favicon',
  },
  users: {
    summary:
      'A page of users by id; `field` and `value` keep those whose registration field contains the value',
    query: Type.Object({
      ...Paging({ max: 500, default: 100 }),
      field: Type.Optional(RegistrationFieldKey),
      value: Type.Optional(Type.String({ maxLength: 256 })),
    }),
    response: ArrayResponse(UserInfoModel),
  },
  createUsers: {
    summary: 'Create or update users in one transaction, optionally grouping them into teams',
    body: Type.Array(UserCreateModel),
  },
  searchUsers: {
    summary: 'Up to 30 users whose name, number, e-mail, phone, id or real name contains the hint',
    query: search,
    response: ArrayResponse(UserInfoModel),
  },
  user: {
    summary: "One user's profile",
    params: byUser,
    response: ProfileUserInfoModel,
  },
  updateUser: {
    summary: 'Change a user (null fields stay unchanged)',
    params: byUser,
    body: AdminUserInfoModel,
  },
  resetPassword: {
    summary: 'Give a user a random 16-character password and answer it',
    params: byUser,
    response: Type.String(),
  },
  deleteUser: {
    summary: 'Delete a user who captains no team',
    params: byUser,
  },
  teams: {
    summary: 'A page of teams by id',
    query: Type.Object(Paging({ max: 500, default: 100 })),
    response: ArrayResponse(TeamInfoModel),
  },
  searchTeams: {
    summary: 'Up to 30 teams whose name contains the hint, or whose id is the hint',
    query: search,
    response: ArrayResponse(TeamInfoModel),
  },
  updateTeam: {
    summary: "Change a team's name, bio or lock",
    params: byId,
    body: AdminTeamModel,
  },
  deleteTeam: {
    summary: 'Delete a team',
    params: byId,
  },
  logs: {
    summary: 'Log entries, newest first',
    query: Type.Object({
      level: Type.Optional(Type.Enum(LogLevelFilter.enum, { title: 'LogLevelFilter', default: 'All' })),
      ...Paging({ max: 1000, default: 50 }),
    }),
    response: Type.Array(LogMessageModel),
  },
  updateParticipation: {
    summary: 'Review a participation: change its division, then its status',
    params: byId,
    body: ParticipationEditModel,
  },
  reviewParticipations: {
    summary: 'Review several participations at once: each gets the status and keeps its division',
    body: ParticipationReviewModel,
    response: ParticipationReviewResult,
  },
  writeups: {
    summary: "A game's submitted writeups",
    params: byId,
    response: WriteupInfoModel,
  },
  downloadWriteups: {
    summary: 'Every writeup of a game as a .tar.gz',
    params: byId,
  },
  instances: {
    summary: 'Running game containers, by start time',
    response: ArrayResponse(ContainerInstanceModel),
  },
  deleteInstance: {
    summary: 'Destroy a container',
    params: Type.Object({ id: Guid }),
  },
  files: {
    summary: 'A page of stored files by name',
    query: Type.Object(Paging({ max: 500, default: 50 })),
    response: ArrayResponse(LocalFile),
  },
} satisfies Record<string, EndpointSchemas>;
