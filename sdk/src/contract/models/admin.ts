// Models of the admin group (§2.2): users, teams, participations, logs, writeups and instances.
import Type, { type Static } from 'typebox';
import { ChallengeCategory, LogLevel, ParticipationStatus, Role, TaskStatus } from '../enums.ts';
import { Guid, Id, Nullable, OptionalNullable, Timestamp } from '../schema.ts';
import { Email, Phone, UserName } from './account.ts';
import { RegistrationFieldValues } from './registration-fields.ts';
import { TeamInfoModel, TeamModel } from './team.ts';

/**
 * One row of a batch import. A user with the same e-mail or user name is updated and its password
 * reset; users sharing a new `teamName` form a team captained by the first of them.
 */
export const UserCreateModel = Type.Object(
  {
    userName: UserName,
    /** Never §1.8-encrypted. */
    password: Type.String({ minLength: 1 }),
    email: Email,
    realName: OptionalNullable(Type.String({ maxLength: 128 })),
    stdNumber: OptionalNullable(Type.String({ maxLength: 64 })),
    phone: OptionalNullable(Phone),
    teamName: OptionalNullable(Type.String({ maxLength: 20 })),
  },
  { title: 'UserCreateModel' },
);
export type UserCreateModel = Static<typeof UserCreateModel>;

/** Null fields stay unchanged. */
export const AdminUserInfoModel = Type.Object(
  {
    userName: OptionalNullable(UserName),
    email: OptionalNullable(Email),
    bio: OptionalNullable(Type.String({ maxLength: 128 })),
    phone: OptionalNullable(Phone),
    realName: OptionalNullable(Type.String({ maxLength: 128 })),
    stdNumber: OptionalNullable(Type.String({ maxLength: 64 })),
    emailConfirmed: OptionalNullable(Type.Boolean()),
    role: OptionalNullable(Role),
    /** Registration fields to change (locked ones too); an empty value clears an optional field. */
    fields: Type.Optional(RegistrationFieldValues),
  },
  { title: 'AdminUserInfoModel' },
);
export type AdminUserInfoModel = Static<typeof AdminUserInfoModel>;

/** Empty or null name/bio keep the stored values. */
export const AdminTeamModel = Type.Object(
  {
    name: OptionalNullable(Type.String({ maxLength: 20 })),
    bio: OptionalNullable(Type.String({ maxLength: 72 })),
    locked: OptionalNullable(Type.Boolean()),
  },
  { title: 'AdminTeamModel' },
);
export type AdminTeamModel = Static<typeof AdminTeamModel>;

/** An admin's change to a team's participation: its review state and its division. */
export const ParticipationEditModel = Type.Object(
  {
    status: OptionalNullable(ParticipationStatus),
    /** Missing or null clears the division; an unknown id is ignored. */
    divisionId: OptionalNullable(Id),
  },
  { title: 'ParticipationEditModel' },
);
export type ParticipationEditModel = Static<typeof ParticipationEditModel>;

/** Participations reviewed at once (Pennon's own, for a bulk review): each gets `status` and keeps its division. */
export const ParticipationReviewModel = Type.Object(
  {
    ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
    status: ParticipationStatus,
  },
  { title: 'ParticipationReviewModel' },
);
export type ParticipationReviewModel = Static<typeof ParticipationReviewModel>;

/** What a bulk review refused, each with the error the one-at-a-time review would have answered; the rest are done. */
export const ParticipationReviewResult = Type.Object(
  {
    failed: Type.Array(
      Type.Object({
        id: Id,
        /** The refusal's title, in the request's language. */
        title: Type.String(),
        status: Type.Integer(),
      }),
    ),
  },
  { title: 'ParticipationReviewResult' },
);
export type ParticipationReviewResult = Static<typeof ParticipationReviewResult>;

/** A user as the admin user list and search show it, with the private details (e-mail, IP, real name). */
export const UserInfoModel = Type.Object(
  {
    id: Nullable(Guid),
    userName: Nullable(Type.String()),
    realName: Nullable(Type.String()),
    stdNumber: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    bio: Nullable(Type.String()),
    /** When the account was created. */
    registerTimeUtc: Timestamp,
    /** When the user was last seen. */
    lastVisitedUtc: Timestamp,
    /** The address the user was last seen from. */
    ip: Type.String(),
    email: Nullable(Type.String()),
    avatar: Nullable(Type.String()),
    role: Nullable(Role),
    emailConfirmed: Nullable(Type.Boolean()),
    /** The user's registration field values, public and private; left out when none are defined. */
    fields: Type.Optional(RegistrationFieldValues),
  },
  { title: 'UserInfoModel' },
);
export type UserInfoModel = Static<typeof UserInfoModel>;

/** One admin log entry, from `GET /api/admin/logs` and the admin hub. */
export const LogMessageModel = Type.Object(
  {
    time: Timestamp,
    /** The user name; hub pushes say "Anonymous" when there is none. */
    name: Nullable(Type.String()),
    level: Nullable(LogLevel),
    ip: Nullable(Type.String()),
    msg: Nullable(Type.String()),
    status: Nullable(TaskStatus),
  },
  { title: 'LogMessageModel' },
);
export type LogMessageModel = Static<typeof LogMessageModel>;

/** A team's writeup in a game, as an admin lists it. */
export const WriteupInfo = Type.Object(
  {
    id: Type.Integer({ description: 'participation id' }),
    /** Without `members`. */
    team: TeamInfoModel,
    /** `/assets/{hash}/{name}`. */
    url: Type.String(),
    uploadTimeUtc: Timestamp,
    /** The team's division in the game; null without one. */
    divisionId: Nullable(Type.Integer()),
  },
  { title: 'WriteupInfo' },
);
export type WriteupInfo = Static<typeof WriteupInfo>;

/** A game's writeups for an admin (`GET /api/admin/writeups/{id}`). */
export const WriteupInfoModel = Type.Object(
  {
    divisions: Type.Record(Type.String(), Type.String(), { description: 'Division names keyed by id' }),
    /** Newest upload first. */
    writeups: Type.Array(WriteupInfo),
  },
  { title: 'WriteupInfoModel' },
);
export type WriteupInfoModel = Static<typeof WriteupInfoModel>;

/** A challenge as referenced from an instance. */
export const ChallengeModel = Type.Object(
  { id: Type.Integer(), title: Type.String(), category: ChallengeCategory },
  { title: 'ChallengeModel' },
);
export type ChallengeModel = Static<typeof ChallengeModel>;

/** A running challenge container, as the admin instance list shows it. */
export const ContainerInstanceModel = Type.Object(
  {
    /** The owning team; null once it is gone. */
    team: Nullable(TeamModel),
    /** The challenge it runs; null once it is gone. */
    challenge: Nullable(ChallengeModel),
    image: Type.String(),
    containerGuid: Guid,
    /** The runtime's container id. */
    containerId: Type.String(),
    startedAt: Timestamp,
    /** When it is destroyed unless extended. */
    expectStopAt: Timestamp,
    /** Public IP if configured, else the internal one. */
    ip: Type.String(),
    /** Public / NodePort if known, else the internal one. */
    port: Type.Integer(),
  },
  { title: 'ContainerInstanceModel' },
);
export type ContainerInstanceModel = Static<typeof ContainerInstanceModel>;
