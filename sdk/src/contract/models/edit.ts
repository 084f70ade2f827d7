// Models of the edit group (§2.5): posts, games, notices, divisions, challenges and flags as admins manage them.
import Type, { type Static } from 'typebox';
import { GamePermission } from '../enum-values.ts';
import { ChallengeCategory, ChallengeType, FileType, GamePermissionFlags, NetworkMode } from '../enums.ts';
import { Count, Id, Nullable, OptionalNullable, Timestamp, TimestampInput } from '../schema.ts';
import { ContainerInfoModel, DivisionChallengeConfig } from './game.ts';

/** Division permissions on input: missing means All. */
const PermissionsInput = Type.Integer({
  minimum: 0,
  maximum: GamePermission.All,
  default: GamePermission.All,
  title: 'GamePermission',
});

/** An attachment kind on input: missing means None. */
const FileTypeInput = Type.Enum(FileType.enum, { title: 'FileType', default: 'None' });

// ---- Posts ----

/**
 * A non-null `isPinned` changes only the pin flag (everything else ignored); otherwise the
 * non-null fields replace the stored ones.
 */
export const PostEditModel = Type.Object(
  {
    title: OptionalNullable(Type.String({ maxLength: 50 })),
    summary: OptionalNullable(Type.String()),
    content: OptionalNullable(Type.String()),
    tags: OptionalNullable(Type.Array(Type.String())),
    isPinned: OptionalNullable(Type.Boolean()),
  },
  { title: 'PostEditModel' },
);
export type PostEditModel = Static<typeof PostEditModel>;

// ---- Games ----

/** The admin view of a game. */
export const GameInfoModel = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String({ minLength: 1 }),
    hidden: Type.Boolean(),
    summary: Type.String(),
    content: Type.String(),
    acceptWithoutReview: Type.Boolean(),
    writeupRequired: Type.Boolean(),
    inviteCode: Nullable(Type.String({ maxLength: 32 })),
    /** 0 = unlimited. */
    teamMemberCountLimit: Type.Integer({ minimum: 0 }),
    /** 0 = unlimited. */
    containerCountLimit: Type.Integer({ minimum: 0 }),
    poster: Nullable(Type.String()),
    /** Base64 Ed25519 public key of the game. */
    publicKey: Type.String(),
    practiceMode: Type.Boolean(),
    start: Timestamp,
    end: Timestamp,
    writeupDeadline: Timestamp,
    writeupNote: Type.String(),
    /** Three packed 10-bit per-mille fields, §4.2. */
    bloodBonus: Type.Integer({ minimum: 0 }),
  },
  { title: 'GameInfoModel' },
);
export type GameInfoModel = Static<typeof GameInfoModel>;

/**
 * GameInfoModel as a request body (create / update). `id`, `poster` and `publicKey` are ignored;
 * an update overwrites every other field, missing ones taking their defaults; an invalid
 * `bloodBonus` falls back to the default.
 */
export const GameInfoInput = Type.Object(
  {
    id: Type.Optional(Id),
    title: Type.String({ minLength: 1 }),
    hidden: Type.Optional(Type.Boolean({ default: false })),
    summary: Type.Optional(Type.String({ default: '' })),
    content: Type.Optional(Type.String({ default: '' })),
    acceptWithoutReview: Type.Optional(Type.Boolean({ default: false })),
    writeupRequired: Type.Optional(Type.Boolean({ default: false })),
    inviteCode: OptionalNullable(Type.String({ maxLength: 32 })),
    teamMemberCountLimit: Type.Optional(Count({ default: 0 })),
    containerCountLimit: Type.Optional(Count({ default: 3 })),
    poster: OptionalNullable(Type.String()),
    publicKey: OptionalNullable(Type.String()),
    practiceMode: Type.Optional(Type.Boolean({ default: true })),
    start: TimestampInput,
    end: TimestampInput,
    writeupDeadline: Type.Optional(TimestampInput),
    writeupNote: Type.Optional(Type.String({ default: '' })),
    bloodBonus: Type.Optional(Type.Integer({ default: 52459530 })),
  },
  { title: 'GameInfoModel' },
);
export type GameInfoInput = Static<typeof GameInfoInput>;

// ---- Notices ----

export const GameNoticeModel = Type.Object(
  { content: Type.String({ minLength: 1 }) },
  { title: 'GameNoticeModel' },
);
export type GameNoticeModel = Static<typeof GameNoticeModel>;

// ---- Divisions ----

/** A per-challenge override: it replaces the division default for that challenge. */
export const DivisionChallengeConfigInput = Type.Object(
  { challengeId: Id, permissions: Type.Optional(PermissionsInput) },
  { title: 'DivisionChallengeConfigInput' },
);
export type DivisionChallengeConfigInput = Static<typeof DivisionChallengeConfigInput>;

export const DivisionCreateModel = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 31 }),
    inviteCode: OptionalNullable(Type.String({ maxLength: 32 })),
    defaultPermissions: OptionalNullable(PermissionsInput),
    challengeConfigs: OptionalNullable(Type.Array(DivisionChallengeConfigInput)),
  },
  { title: 'DivisionCreateModel' },
);
export type DivisionCreateModel = Static<typeof DivisionCreateModel>;

/** Null fields stay unchanged; a non-null `challengeConfigs` replaces the whole set. */
export const DivisionEditModel = Type.Object(
  {
    name: OptionalNullable(Type.String({ minLength: 1, maxLength: 31 })),
    inviteCode: OptionalNullable(Type.String({ maxLength: 32 })),
    defaultPermissions: OptionalNullable(GamePermissionFlags),
    challengeConfigs: OptionalNullable(Type.Array(DivisionChallengeConfigInput)),
  },
  { title: 'DivisionEditModel' },
);
export type DivisionEditModel = Static<typeof DivisionEditModel>;

export const Division = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String({ minLength: 1, maxLength: 31 }),
    inviteCode: Nullable(Type.String({ maxLength: 32 })),
    defaultPermissions: GamePermissionFlags,
    challengeConfigs: Type.Array(DivisionChallengeConfig),
  },
  { title: 'Division' },
);
export type Division = Static<typeof Division>;

// ---- Challenges ----

/** The admin list entry; `minScore` = ⌊minScoreRate · originalScore⌋. */
export const ChallengeInfoModel = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    category: ChallengeCategory,
    type: ChallengeType,
    isEnabled: Type.Boolean(),
    score: Type.Integer(),
    minScore: Type.Integer(),
    originalScore: Type.Integer(),
    deadlineUtc: Nullable(Timestamp),
  },
  { title: 'ChallengeInfoModel' },
);
export type ChallengeInfoModel = Static<typeof ChallengeInfoModel>;

/** ChallengeInfoModel as the create body: only these three fields are read. */
export const ChallengeCreateInput = Type.Object(
  { title: Type.String({ minLength: 1 }), category: ChallengeCategory, type: ChallengeType },
  { title: 'ChallengeInfoModel' },
);
export type ChallengeCreateInput = Static<typeof ChallengeCreateInput>;

export const Attachment = Type.Object(
  {
    id: Type.Integer(),
    type: FileType,
    /** Local → `/assets/{hash}/{name}`, Remote → the remote URL. */
    url: Nullable(Type.String()),
    /** Local files only. */
    fileSize: Nullable(Type.Integer()),
  },
  { title: 'Attachment' },
);
export type Attachment = Static<typeof Attachment>;

export const FlagInfoModel = Type.Object(
  { id: Type.Integer(), flag: Type.String(), attachment: Nullable(Attachment) },
  { title: 'FlagInfoModel' },
);
export type FlagInfoModel = Static<typeof FlagInfoModel>;

export const ChallengeEditDetailModel = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    content: Type.String(),
    category: ChallengeCategory,
    type: ChallengeType,
    hints: Type.Array(Type.String()),
    flagTemplate: Nullable(Type.String()),
    isEnabled: Type.Boolean(),
    acceptedCount: Type.Integer(),
    fileName: Nullable(Type.String()),
    attachment: Nullable(Attachment),
    testContainer: Nullable(ContainerInfoModel),
    /** Empty for DynamicContainer. */
    flags: Type.Array(FlagInfoModel),
    containerImage: Type.String(),
    memoryLimit: Nullable(Type.Integer()),
    cpuCount: Nullable(Type.Integer()),
    storageLimit: Nullable(Type.Integer()),
    exposePort: Nullable(Type.Integer()),
    networkMode: Nullable(NetworkMode),
    enableTrafficCapture: Nullable(Type.Boolean()),
    disableBloodBonus: Nullable(Type.Boolean()),
    deadlineUtc: Nullable(Timestamp),
    submissionLimit: Type.Integer(),
    originalScore: Type.Integer(),
    minScoreRate: Type.Number(),
    difficulty: Type.Number(),
  },
  { title: 'ChallengeEditDetailModel' },
);
export type ChallengeEditDetailModel = Static<typeof ChallengeEditDetailModel>;

/** Null fields stay unchanged. */
export const ChallengeUpdateModel = Type.Object(
  {
    title: OptionalNullable(Type.String({ minLength: 1 })),
    content: OptionalNullable(Type.String()),
    /** A blank string clears the template. */
    flagTemplate: OptionalNullable(Type.String({ maxLength: 120 })),
    category: OptionalNullable(ChallengeCategory),
    hints: OptionalNullable(Type.Array(Type.String())),
    isEnabled: OptionalNullable(Type.Boolean()),
    /** Must not be blank when present. */
    fileName: OptionalNullable(Type.String({ pattern: '\\S' })),
    /** 0 clears the deadline. */
    deadlineUtc: OptionalNullable(TimestampInput),
    /** 0 = unlimited. */
    submissionLimit: OptionalNullable(Type.Integer({ minimum: 0, maximum: 10000 })),
    containerImage: OptionalNullable(Type.String()),
    /** MB. */
    memoryLimit: OptionalNullable(Type.Integer({ minimum: 32, maximum: 1048576 })),
    /** Units of 0.1 CPU. */
    cpuCount: OptionalNullable(Type.Integer({ minimum: 1, maximum: 1024 })),
    /** MB. */
    storageLimit: OptionalNullable(Type.Integer({ minimum: 0, maximum: 1048576 })),
    exposePort: OptionalNullable(Type.Integer({ minimum: 1, maximum: 65535 })),
    networkMode: OptionalNullable(NetworkMode),
    /** Container challenge types only. */
    enableTrafficCapture: OptionalNullable(Type.Boolean()),
    disableBloodBonus: OptionalNullable(Type.Boolean()),
    originalScore: OptionalNullable(Count()),
    minScoreRate: OptionalNullable(Type.Number({ minimum: 0, maximum: 1 })),
    /** A negative one would make the value grow without bound as solves come (as a game package refuses it). */
    difficulty: OptionalNullable(Type.Number({ minimum: 0 })),
  },
  { title: 'ChallengeUpdateModel' },
);
export type ChallengeUpdateModel = Static<typeof ChallengeUpdateModel>;

/** `None` removes the attachment; `fileHash` (an uploaded asset) for Local, `remoteUrl` for Remote. */
export const AttachmentCreateModel = Type.Object(
  {
    attachmentType: Type.Optional(FileTypeInput),
    fileHash: OptionalNullable(Type.String()),
    remoteUrl: OptionalNullable(Type.String()),
  },
  { title: 'AttachmentCreateModel' },
);
export type AttachmentCreateModel = Static<typeof AttachmentCreateModel>;

/** A flag with an optional attachment of its own (how DynamicAttachment challenges are built). */
export const FlagCreateModel = Type.Object(
  {
    flag: Type.String({ minLength: 1, maxLength: 127 }),
    attachmentType: Type.Optional(FileTypeInput),
    fileHash: OptionalNullable(Type.String()),
    remoteUrl: OptionalNullable(Type.String()),
  },
  { title: 'FlagCreateModel' },
);
export type FlagCreateModel = Static<typeof FlagCreateModel>;
