// Models of the edit group (§2.5): posts, games, notices, divisions, challenges and flags as admins manage them.
import Type, { type Static } from 'typebox';
import { GamePermission } from '../enum-values.ts';
import { ChallengeCategory, ChallengeType, FileType, GamePermissionFlags, NetworkMode } from '../enums.ts';
import {
  ADJUSTMENT_POINTS_MAX,
  ADJUSTMENT_REASON_MAX,
  AUTHORED_NAME_PATTERN,
  DIVISION_NAME_MAX,
  FLAG_MAX,
  FLAG_TEMPLATE_MAX,
  HINT_COST_MAX,
  INVITE_CODE_MAX,
  MARKDOWN_MAX,
  SUBMISSION_LIMIT_MAX,
  TITLE_MAX,
} from '../rules/authored-limits.ts';
import { Count, Id, int32, Nullable, OptionalNullable, Timestamp, TimestampInput } from '../schema.ts';
import { ContainerInfoModel, DivisionChallengeConfig, ScoreAdjustment } from './game.ts';

/**
 * The rule of each field admins author, defined once: the edit bodies below use them, and so does the server's
 * game package format, so an import is held to exactly what the edit API takes.
 */
export const AuthoredField = {
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX, pattern: AUTHORED_NAME_PATTERN }),
  markdown: Type.String({ maxLength: MARKDOWN_MAX }),
  inviteCode: Type.String({ maxLength: INVITE_CODE_MAX }),
  divisionName: Type.String({ minLength: 1, maxLength: DIVISION_NAME_MAX, pattern: AUTHORED_NAME_PATTERN }),
  flag: Type.String({ minLength: 1, maxLength: FLAG_MAX }),
  /** A blank one means none. */
  flagTemplate: Type.String({ maxLength: FLAG_TEMPLATE_MAX }),
  /** A download name: not blank. */
  fileName: Type.String({ pattern: '\\S' }),
  /** 0 = unlimited. */
  submissionLimit: Type.Integer({ minimum: 0, maximum: SUBMISSION_LIMIT_MAX }),
  /** MB. */
  memoryLimit: Type.Integer({ minimum: 32, maximum: 1048576 }),
  /** Units of 0.1 CPU. */
  cpuCount: Type.Integer({ minimum: 1, maximum: 1024 }),
  /** MB. */
  storageLimit: Type.Integer({ minimum: 0, maximum: 1048576 }),
  exposePort: Type.Integer({ minimum: 1, maximum: 65535 }),
  /** 0 = unlimited. */
  countLimit: Count(),
  originalScore: Count(),
  minScoreRate: Type.Number({ minimum: 0, maximum: 1 }),
  /** A negative one would make the value grow without bound as solves come. */
  difficulty: Type.Number({ minimum: 0 }),
};

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
    /** Pennon's, only when set: from then on players see the board as it stood then (issue #44). */
    freezeAt: Type.Optional(Timestamp),
    /** Pennon's, only once done: when an admin revealed the final board of the frozen game. */
    freezeRevealedAt: Type.Optional(Timestamp),
  },
  { title: 'GameInfoModel' },
);
export type GameInfoModel = Static<typeof GameInfoModel>;

/**
 * GameInfoModel as a request body (create / update). `id`, `poster` and `publicKey` are ignored;
 * an update overwrites every other field, missing ones taking their defaults; an invalid
 * `bloodBonus` falls back to the default. `freezeAt` (Pennon's) is kept when missing and cleared by null, so a client
 * that does not know it never unfreezes a game; it must fall before `end`.
 */
export const GameInfoInput = Type.Object(
  {
    id: Type.Optional(Id),
    title: AuthoredField.title,
    hidden: Type.Optional(Type.Boolean({ default: false })),
    summary: Type.Optional({ ...AuthoredField.markdown, default: '' }),
    content: Type.Optional({ ...AuthoredField.markdown, default: '' }),
    acceptWithoutReview: Type.Optional(Type.Boolean({ default: false })),
    writeupRequired: Type.Optional(Type.Boolean({ default: false })),
    inviteCode: OptionalNullable(AuthoredField.inviteCode),
    teamMemberCountLimit: Type.Optional({ ...AuthoredField.countLimit, default: 0 }),
    containerCountLimit: Type.Optional({ ...AuthoredField.countLimit, default: 3 }),
    poster: OptionalNullable(Type.String()),
    publicKey: OptionalNullable(Type.String()),
    practiceMode: Type.Optional(Type.Boolean({ default: true })),
    start: TimestampInput,
    end: TimestampInput,
    writeupDeadline: Type.Optional(TimestampInput),
    writeupNote: Type.Optional({ ...AuthoredField.markdown, default: '' }),
    bloodBonus: Type.Optional(Type.Integer({ default: 52459530 })),
    freezeAt: OptionalNullable(TimestampInput),
  },
  { title: 'GameInfoModel' },
);
export type GameInfoInput = Static<typeof GameInfoInput>;

// ---- Notices ----

/** An organiser's notice to a game (Markdown), as it is posted or edited. */
export const GameNoticeModel = Type.Object(
  { content: { ...AuthoredField.markdown, minLength: 1 } },
  { title: 'GameNoticeModel' },
);
export type GameNoticeModel = Static<typeof GameNoticeModel>;

// ---- Awards and penalties ----

/** An award or a penalty as an admin gives or rewrites it. */
export const ScoreAdjustmentInput = Type.Object(
  {
    /** A team taking part in the game. */
    teamId: Id,
    /** Signed and never 0: a bonus adds, a penalty subtracts. */
    points: Type.Union([
      Type.Integer({ minimum: -ADJUSTMENT_POINTS_MAX, maximum: -1 }),
      Type.Integer({ minimum: 1, maximum: ADJUSTMENT_POINTS_MAX }),
    ]),
    /** Public (the scoreboard shows it): held to the titles' rule, so it cannot hide or reorder what players see. */
    reason: Type.String({ minLength: 1, maxLength: ADJUSTMENT_REASON_MAX, pattern: AUTHORED_NAME_PATTERN }),
    /** Where it shows in the score history; now when left out. */
    time: Type.Optional(TimestampInput),
  },
  { title: 'ScoreAdjustmentInput' },
);
export type ScoreAdjustmentInput = Static<typeof ScoreAdjustmentInput>;

/** An award or a penalty as admins list it: whose, and who gave it. */
export const ScoreAdjustmentModel = Type.Object(
  {
    ...ScoreAdjustment.properties,
    teamId: Type.Integer(),
    teamName: Type.String(),
    /** The admin who gave or last edited it; null once that account is gone. */
    adminName: Nullable(Type.String()),
  },
  { title: 'ScoreAdjustmentModel' },
);
export type ScoreAdjustmentModel = Static<typeof ScoreAdjustmentModel>;

// ---- Verdict corrections ----

/** An admin's correction of a judged submission: the verdict it should have had, and why. */
export const VerdictCorrectionInput = Type.Object(
  {
    /** Accepted: the flag was right (a flag mistyped in the challenge, say); WrongAnswer: it was not. */
    status: Type.Union([Type.Literal('Accepted'), Type.Literal('WrongAnswer')]),
    /** Shown to players in the correction's notice: held to the titles' rule, like an award's reason. */
    reason: Type.String({ minLength: 1, maxLength: ADJUSTMENT_REASON_MAX, pattern: AUTHORED_NAME_PATTERN }),
  },
  { title: 'VerdictCorrectionInput' },
);
export type VerdictCorrectionInput = Static<typeof VerdictCorrectionInput>;

/** What a correction did: `changed` false when the submission had that verdict already (nothing was written). */
export const VerdictCorrectionModel = Type.Object(
  {
    submissionId: Type.Integer(),
    status: Type.Union([Type.Literal('Accepted'), Type.Literal('WrongAnswer')]),
    changed: Type.Boolean(),
  },
  { title: 'VerdictCorrectionModel' },
);
export type VerdictCorrectionModel = Static<typeof VerdictCorrectionModel>;

/** Why a team's solves are removed (flag sharing, say): in the audit log and the players' notice. */
export const SolvesRemovalInput = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: ADJUSTMENT_REASON_MAX, pattern: AUTHORED_NAME_PATTERN }),
  },
  { title: 'SolvesRemovalInput' },
);
export type SolvesRemovalInput = Static<typeof SolvesRemovalInput>;

/** A team's solves in a game: how many it holds, or how many a removal took away. */
export const TeamSolvesModel = Type.Object(
  { teamId: Type.Integer(), teamName: Type.String(), solves: Type.Integer({ minimum: 0 }) },
  { title: 'TeamSolvesModel' },
);
export type TeamSolvesModel = Static<typeof TeamSolvesModel>;

// ---- Hints with a cost ----

/** How a titled hint's cost reads: fixed points, or a percentage of the challenge's value when it is unlocked. */
export const HintCostKind = Type.Union([Type.Literal('Points'), Type.Literal('Percent')], {
  title: 'HintCostKind',
});
export type HintCostKind = Static<typeof HintCostKind>;

/** A titled hint as an admin writes it. */
export const HintInput = Type.Object(
  {
    title: AuthoredField.title,
    content: { ...AuthoredField.markdown, minLength: 1 },
    costKind: HintCostKind,
    /** Points (0 = free), or a percentage from 0 to 100. */
    cost: Type.Integer({ minimum: 0, maximum: HINT_COST_MAX }),
    /** Players see it from then on; null: at once. */
    releaseTime: OptionalNullable(TimestampInput),
  },
  { title: 'HintInput' },
);
export type HintInput = Static<typeof HintInput>;

/** A titled hint as admins list it, with how many teams unlocked it. */
export const HintEditModel = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    content: Type.String(),
    costKind: HintCostKind,
    cost: Type.Integer(),
    releaseTime: Nullable(Timestamp),
    unlockCount: Type.Integer(),
  },
  { title: 'HintEditModel' },
);
export type HintEditModel = Static<typeof HintEditModel>;

// ---- Divisions ----

/** A per-challenge override: it replaces the division default for that challenge. */
export const DivisionChallengeConfigInput = Type.Object(
  { challengeId: Id, permissions: Type.Optional(PermissionsInput) },
  { title: 'DivisionChallengeConfigInput' },
);
export type DivisionChallengeConfigInput = Static<typeof DivisionChallengeConfigInput>;

/** A new division of a game, with its invite code and permissions. */
export const DivisionCreateModel = Type.Object(
  {
    name: AuthoredField.divisionName,
    inviteCode: OptionalNullable(AuthoredField.inviteCode),
    defaultPermissions: OptionalNullable(PermissionsInput),
    challengeConfigs: OptionalNullable(Type.Array(DivisionChallengeConfigInput)),
  },
  { title: 'DivisionCreateModel' },
);
export type DivisionCreateModel = Static<typeof DivisionCreateModel>;

/** Null fields stay unchanged; a non-null `challengeConfigs` replaces the whole set. */
export const DivisionEditModel = Type.Object(
  {
    name: OptionalNullable(AuthoredField.divisionName),
    inviteCode: OptionalNullable(AuthoredField.inviteCode),
    defaultPermissions: OptionalNullable(GamePermissionFlags),
    challengeConfigs: OptionalNullable(Type.Array(DivisionChallengeConfigInput)),
  },
  { title: 'DivisionEditModel' },
);
export type DivisionEditModel = Static<typeof DivisionEditModel>;

/** A division as the game editor shows it. */
export const Division = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String({ minLength: 1, maxLength: 31 }),
    /** Null when joining the division needs no code. */
    inviteCode: Nullable(Type.String({ maxLength: 32 })),
    defaultPermissions: GamePermissionFlags,
    challengeConfigs: Type.Array(DivisionChallengeConfig),
  },
  { title: 'Division' },
);
export type Division = Static<typeof Division>;

// ---- Challenges ----

/**
 * Staged release (not in GZ::CTF): hidden from players until `releaseAt` and until their team solved every one of
 * `prerequisites` (challenge ids of the same game). Absent when unset, as GZ::CTF sends them.
 */
const releaseFields = {
  releaseAt: Type.Optional(Nullable(Timestamp)),
  prerequisites: Type.Optional(Type.Array(Type.Integer())),
};

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
    ...releaseFields,
  },
  { title: 'ChallengeInfoModel' },
);
export type ChallengeInfoModel = Static<typeof ChallengeInfoModel>;

/** ChallengeInfoModel as the create body: only these three fields are read. */
export const ChallengeCreateInput = Type.Object(
  { title: AuthoredField.title, category: ChallengeCategory, type: ChallengeType },
  { title: 'ChallengeInfoModel' },
);
export type ChallengeCreateInput = Static<typeof ChallengeCreateInput>;

/** A challenge's attachment, or one team's attachment of a dynamic challenge. */
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

/** A flag of a challenge, as the editor lists it, with the attachment it comes with (dynamic attachments). */
export const FlagInfoModel = Type.Object(
  { id: Type.Integer(), flag: Type.String(), attachment: Nullable(Attachment) },
  { title: 'FlagInfoModel' },
);
export type FlagInfoModel = Static<typeof FlagInfoModel>;

/** A challenge as the editor reads it (`GET /api/edit/games/{id}/challenges/{cId}`), flags included. */
export const ChallengeEditDetailModel = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    content: Type.String(),
    category: ChallengeCategory,
    type: ChallengeType,
    hints: Type.Array(Type.String()),
    /** The template of dynamic flags; null for static ones. */
    flagTemplate: Nullable(Type.String()),
    isEnabled: Type.Boolean(),
    /** Solves so far. */
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
    ...releaseFields,
  },
  { title: 'ChallengeEditDetailModel' },
);
export type ChallengeEditDetailModel = Static<typeof ChallengeEditDetailModel>;

/** Null fields stay unchanged. */
export const ChallengeUpdateModel = Type.Object(
  {
    title: OptionalNullable(AuthoredField.title),
    content: OptionalNullable(AuthoredField.markdown),
    flagTemplate: OptionalNullable(AuthoredField.flagTemplate),
    category: OptionalNullable(ChallengeCategory),
    hints: OptionalNullable(Type.Array(AuthoredField.markdown)),
    isEnabled: OptionalNullable(Type.Boolean()),
    fileName: OptionalNullable(AuthoredField.fileName),
    /** 0 clears the deadline. */
    deadlineUtc: OptionalNullable(TimestampInput),
    submissionLimit: OptionalNullable(AuthoredField.submissionLimit),
    containerImage: OptionalNullable(Type.String()),
    memoryLimit: OptionalNullable(AuthoredField.memoryLimit),
    cpuCount: OptionalNullable(AuthoredField.cpuCount),
    storageLimit: OptionalNullable(AuthoredField.storageLimit),
    exposePort: OptionalNullable(AuthoredField.exposePort),
    networkMode: OptionalNullable(NetworkMode),
    /** Container challenge types only. */
    enableTrafficCapture: OptionalNullable(Type.Boolean()),
    disableBloodBonus: OptionalNullable(Type.Boolean()),
    originalScore: OptionalNullable(AuthoredField.originalScore),
    minScoreRate: OptionalNullable(AuthoredField.minScoreRate),
    difficulty: OptionalNullable(AuthoredField.difficulty),
    /** Staged release: 0 clears the time. */
    releaseAt: OptionalNullable(TimestampInput),
    /** Staged release: replaces the whole set; [] clears it. */
    prerequisites: OptionalNullable(
      Type.Array(Type.Integer({ minimum: 1, maximum: int32.maximum }), { maxItems: 100 }),
    ),
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
    flag: AuthoredField.flag,
    attachmentType: Type.Optional(FileTypeInput),
    fileHash: OptionalNullable(Type.String()),
    remoteUrl: OptionalNullable(Type.String()),
  },
  { title: 'FlagCreateModel' },
);
export type FlagCreateModel = Static<typeof FlagCreateModel>;
