// Models of the game group (§2.6): game listings, joining, the scoreboard, challenges as players see them,
// containers, notices, monitoring and traffic capture.
import Type, { type Static } from 'typebox';
import {
  AnswerResult,
  ChallengeCategory,
  ChallengeType,
  ContainerStatus,
  EventType,
  GamePermissionFlags,
  NoticeType,
  ParticipationStatus,
  SubmissionType,
} from '../enums.ts';
import { Guid, Id, Nullable, OptionalNullable, Timestamp } from '../schema.ts';
import { ProfileUserInfoModel } from './account.ts';
import { TeamModel } from './team.ts';

// ---- Listings and joining ----

/** A game as the public game list shows it (`GET /api/game`, also paged). */
export const BasicGameInfoModel = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    summary: Type.String(),
    /** `/assets/{hash}/poster`. */
    poster: Nullable(Type.String()),
    /** Team member limit (0 = unlimited). */
    limit: Type.Integer(),
    /** When the game opens. */
    start: Timestamp,
    /** When it closes. */
    end: Timestamp,
  },
  { title: 'BasicGameInfoModel' },
);
export type BasicGameInfoModel = Static<typeof BasicGameInfoModel>;

/** A division of a game as players see it before joining. */
export const DivisionInfo = Type.Object(
  { id: Type.Integer(), name: Type.String(), inviteCodeRequired: Type.Boolean() },
  { title: 'DivisionInfo' },
);
export type DivisionInfo = Static<typeof DivisionInfo>;

/**
 * A game's page (`GET /api/game/{id}`): its description, its divisions, and the caller's
 * participation in it.
 */
export const DetailedGameInfoModel = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    summary: Type.String(),
    content: Type.String(),
    hidden: Type.Boolean(),
    /** Null when the game has none. */
    divisions: Nullable(Type.Array(DivisionInfo)),
    /** Whether the game-level invite code is set. */
    inviteCodeRequired: Type.Boolean(),
    /** Whether teams must hand in a writeup. */
    writeupRequired: Type.Boolean(),
    poster: Nullable(Type.String()),
    limit: Type.Integer(),
    teamCount: Type.Integer(),
    /** The caller's division id. */
    division: Nullable(Type.Integer()),
    /** The caller's team in this game. */
    teamName: Nullable(Type.String()),
    /** Whether challenges stay open for practice after the end. */
    practiceMode: Type.Boolean(),
    /** `Unsubmitted` when the caller has not joined or is anonymous. */
    status: ParticipationStatus,
    start: Timestamp,
    end: Timestamp,
  },
  { title: 'DetailedGameInfoModel' },
);
export type DetailedGameInfoModel = Static<typeof DetailedGameInfoModel>;

/** One of the caller's teams that has joined the game in a division. */
export const JoinedTeam = Type.Object(
  { id: Type.Integer({ description: 'team id' }), division: Type.Integer({ description: 'division id' }) },
  { title: 'JoinedTeam' },
);
export type JoinedTeam = Static<typeof JoinedTeam>;

/** Pennon's: one of the caller's teams in a game, with or without a division. */
export const TeamInGame = Type.Object(
  {
    id: Type.Integer({ description: 'team id' }),
    division: Nullable(Type.Integer({ description: 'division id' })),
    status: ParticipationStatus,
  },
  { title: 'TeamInGame' },
);
export type TeamInGame = Static<typeof TeamInGame>;

/**
 * What the caller may join a game with (`GET /api/game/{id}/check`): teams already in it and
 * the divisions open to joining.
 */
export const GameJoinCheckInfoModel = Type.Object(
  {
    /** Only the caller's teams registered in this game with a division. */
    joinedTeams: Type.Array(JoinedTeam),
    /** Divisions granting JoinGame. */
    joinableDivisions: Type.Array(Type.Integer()),
    /**
     * Pennon's: every team of the caller in this game and its participation's state, so a teammate can join the
     * team's participation as it stands (no division to choose, no code).
     */
    teams: Type.Optional(Type.Array(TeamInGame)),
  },
  { title: 'GameJoinCheckInfoModel' },
);
export type GameJoinCheckInfoModel = Static<typeof GameJoinCheckInfoModel>;

/** Joins a game with a team (`POST /api/game/{id}`). */
export const GameJoinModel = Type.Object(
  {
    teamId: Id,
    /**
     * Required when any division of the game grants JoinGame, unless the team is in the game already (and not
     * rejected): its teammates then join its participation, in its division.
     */
    divisionId: OptionalNullable(Id),
    /** The chosen division's code if a division is given, else the game's; none to join one's team's participation. */
    inviteCode: OptionalNullable(Type.String()),
  },
  { title: 'GameJoinModel' },
);
export type GameJoinModel = Static<typeof GameJoinModel>;

// ---- Scoreboard ----

/** One point of a team's score history. */
export const TimeLine = Type.Object(
  { time: Timestamp, score: Type.Integer({ description: 'cumulative score' }) },
  { title: 'TimeLine' },
);
export type TimeLine = Static<typeof TimeLine>;

/** A team's score history, for the scoreboard chart. */
export const TopTimeLine = Type.Object(
  { id: Type.Integer(), name: Type.String(), items: Type.Array(TimeLine) },
  { title: 'TopTimeLine' },
);
export type TopTimeLine = Static<typeof TopTimeLine>;

/** The score histories of the leading teams, overall or in one division. */
export const TimeLineItem = Type.Object(
  { divisionId: Type.Integer({ description: '0 = overall' }), teams: Type.Array(TopTimeLine) },
  { title: 'TimeLineItem' },
);
export type TimeLineItem = Static<typeof TimeLineItem>;

/** One challenge a team solved, as its scoreboard row lists it. */
export const ChallengeItem = Type.Object(
  {
    id: Type.Integer(),
    /** Awarded score including the blood bonus; 0 when the solve is not score-eligible. */
    score: Type.Integer(),
    type: SubmissionType,
    /** The member who solved it. */
    userName: Nullable(Type.String()),
    time: Timestamp,
    /** Pennon's, only on a team's own view of a frozen board: its solve after the freeze, not on the public board. */
    afterFreeze: Type.Optional(Type.Boolean()),
  },
  { title: 'ChallengeItem' },
);
export type ChallengeItem = Static<typeof ChallengeItem>;

/** Pennon's addition: an organiser's award (points > 0) or penalty (points < 0), counted in the team's score. */
export const ScoreAdjustment = Type.Object(
  {
    id: Type.Integer(),
    points: Type.Integer(),
    reason: Type.String(),
    /** When it was given: where it shows in the score history. */
    time: Timestamp,
    /** Only on a hint's cost (then `reason` is the hint's title): the hint the team unlocked. */
    hintId: Type.Optional(Type.Integer()),
  },
  { title: 'ScoreAdjustment' },
);
export type ScoreAdjustment = Static<typeof ScoreAdjustment>;

/** A team's row on the scoreboard: score, ranks and solves. */
export const ScoreboardItem = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    bio: Nullable(Type.String()),
    divisionId: Nullable(Type.Integer()),
    avatar: Nullable(Type.String()),
    score: Type.Integer(),
    /** 0 when the team is not ranked overall. */
    rank: Type.Integer(),
    /** Rank within its division; null without one. */
    divisionRank: Nullable(Type.Integer()),
    /** Time of the last score-eligible solve; −62135596800000 when there is none. */
    lastSubmissionTime: Timestamp,
    solvedChallenges: Type.Array(ChallengeItem),
    solvedCount: Type.Integer(),
    /** Pennon's addition, only on a team that has any, oldest first: its awards and penalties, in `score`. */
    adjustments: Type.Optional(Type.Array(ScoreAdjustment)),
  },
  { title: 'ScoreboardItem' },
);
export type ScoreboardItem = Static<typeof ScoreboardItem>;

/** A division's permissions for one challenge, replacing its default permissions there. */
export const DivisionChallengeConfig = Type.Object(
  { challengeId: Type.Integer(), permissions: GamePermissionFlags },
  { title: 'DivisionChallengeConfig' },
);
export type DivisionChallengeConfig = Static<typeof DivisionChallengeConfig>;

/** A division as the scoreboard describes it: its permissions, so a client can tell who ranks where. */
export const DivisionItem = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    defaultPermissions: GamePermissionFlags,
    challengeConfigs: Type.Record(Type.String(), DivisionChallengeConfig, {
      description: 'Keyed by challenge id',
    }),
  },
  { title: 'DivisionItem' },
);
export type DivisionItem = Static<typeof DivisionItem>;

/** A team among the first three to solve a challenge. */
export const Blood = Type.Object(
  {
    id: Type.Integer({ description: 'team id' }),
    name: Type.String(),
    avatar: Nullable(Type.String()),
    submitTimeUtc: Nullable(Timestamp),
  },
  { title: 'Blood' },
);
export type Blood = Static<typeof Blood>;

/** A challenge as the scoreboard and the game page list it: its value, solves and bloods. */
export const ChallengeInfo = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    category: ChallengeCategory,
    /** Current dynamic value, without blood bonus. */
    score: Type.Integer(),
    /** Number of dynamic-score-eligible solves. */
    solved: Type.Integer(),
    /** When the challenge closes; null when it stays open as long as the game. */
    deadline: Nullable(Timestamp),
    bloods: Type.Array(Blood, { maxItems: 3 }),
    /** No blood bonus on this challenge. */
    disableBloodBonus: Type.Boolean(),
  },
  { title: 'ChallengeInfo' },
);
export type ChallengeInfo = Static<typeof ChallengeInfo>;

/** `{Category: ChallengeInfo[]}`, keys are ChallengeCategory names. */
export const ChallengesByCategory = Type.Record(Type.String(), Type.Array(ChallengeInfo), {
  description: 'Keyed by ChallengeCategory name',
});
export type ChallengesByCategory = Static<typeof ChallengesByCategory>;

/** Pennon's: the game's board is frozen (issue #44). */
export const ScoreboardFreeze = Type.Object(
  {
    /** When the board froze. */
    at: Timestamp,
    /** True on the live board only admins and monitors see; false on the board as it stood at `at`. */
    live: Type.Boolean(),
  },
  { title: 'ScoreboardFreeze' },
);
export type ScoreboardFreeze = Static<typeof ScoreboardFreeze>;

/** A game's scoreboard (`GET /api/game/{id}/scoreboard`), ETag-cached. */
export const ScoreboardModel = Type.Object(
  {
    /** When this board was computed. */
    updateTimeUtc: Timestamp,
    /** Packed per-mille bonuses, see §4.2. */
    bloodBonus: Type.Integer(),
    /** Score histories of the top teams, overall (division 0) and per division. */
    timelines: Type.Array(TimeLineItem),
    /** In ranked order. */
    items: Type.Array(ScoreboardItem),
    divisions: Type.Array(DivisionItem),
    challenges: ChallengesByCategory,
    challengeCount: Type.Integer(),
    /** Pennon's, only while the board is frozen. */
    frozen: Type.Optional(ScoreboardFreeze),
  },
  { title: 'ScoreboardModel' },
);
export type ScoreboardModel = Static<typeof ScoreboardModel>;

// ---- Playing ----

/**
 * What a playing team sees of a game (`GET /api/game/{id}/details`): the challenges it may
 * open and its own scoreboard row.
 */
export const GameDetailModel = Type.Object(
  {
    /** Filtered by the team's ViewChallenge permission. */
    challenges: ChallengesByCategory,
    challengeCount: Type.Integer(),
    /** The team's scoreboard item, or a stub with rank 0. */
    rank: Nullable(ScoreboardItem),
    /** Participation token `{teamId}:{signature}`. */
    teamToken: Type.String(),
    writeupRequired: Type.Boolean(),
    /** When writeups must be in. */
    writeupDeadline: Timestamp,
  },
  { title: 'GameDetailModel' },
);
export type GameDetailModel = Static<typeof GameDetailModel>;

/** What a team needs to work on a challenge: its instance or its attachment. */
export const ClientFlagContext = Type.Object(
  {
    /** The container's expected stop time. */
    closeTime: Nullable(Timestamp),
    /** The running container's address, as `ContainerInfoModel.entry`; null when none runs. */
    instanceEntry: Nullable(Type.String()),
    /** Attachment URL. */
    url: Nullable(Type.String()),
    fileSize: Nullable(Type.Integer()),
  },
  { title: 'ClientFlagContext' },
);
export type ClientFlagContext = Static<typeof ClientFlagContext>;

/** Pennon's: a titled hint as a team sees it; `content` stays null until the team has unlocked it. */
export const HintModel = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    /** Points the team pays to unlock it (a percentage hint: of the challenge's current value); 0 = free. */
    cost: Type.Integer(),
    unlocked: Type.Boolean(),
    content: Nullable(Type.String()),
  },
  { title: 'HintModel' },
);
export type HintModel = Static<typeof HintModel>;

/** A challenge as a playing team opens it (`GET /api/game/{id}/challenges/{challengeId}`). */
export const ChallengeDetailModel = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    content: Type.String(),
    category: ChallengeCategory,
    /** Plain-text hints; null when there are none. */
    hints: Nullable(Type.Array(Type.String())),
    /** Its current value. */
    score: Type.Integer(),
    type: ChallengeType,
    context: ClientFlagContext,
    /** Submission limit, 0 = none. */
    limit: Type.Integer(),
    /** The team's submissions so far. */
    attempts: Type.Integer(),
    /** When the challenge closes; null when it stays open as long as the game. */
    deadline: Nullable(Timestamp),
    /** Pennon's addition: the flags' shape, `prefix{...}`, when they share one (GZ::CTF's client ignores it). */
    flagFormat: OptionalNullable(Type.String()),
    /**
     * Pennon's addition, only when the challenge has released titled hints: each with what it costs the team now.
     * A locked hint carries no content; released free ones are also in `hints`, as plain strings.
     */
    costedHints: Type.Optional(Type.Array(HintModel)),
  },
  { title: 'ChallengeDetailModel' },
);
export type ChallengeDetailModel = Static<typeof ChallengeDetailModel>;

/** The flag may be §1.8 ciphertext; the 127-character limit applies after decryption. */
export const FlagSubmitModel = Type.Object(
  { flag: Type.String({ minLength: 1 }) },
  { title: 'FlagSubmitModel' },
);
export type FlagSubmitModel = Static<typeof FlagSubmitModel>;

/** A team's (or an admin's test) challenge container. */
export const ContainerInfoModel = Type.Object(
  {
    status: ContainerStatus,
    startedAt: Timestamp,
    /** When it is destroyed unless extended. */
    expectStopAt: Timestamp,
    /** In PlatformProxy mode the container GUID, otherwise `host:port`. */
    entry: Type.String(),
  },
  { title: 'ContainerInfoModel' },
);
export type ContainerInfoModel = Static<typeof ContainerInfoModel>;

/** The team's writeup for a game, as its writeup page shows it. */
export const BasicWriteupInfoModel = Type.Object(
  {
    submitted: Type.Boolean(),
    /** `#` when nothing was submitted. */
    name: Type.String(),
    fileSize: Type.Integer(),
    /** The game's writeup note. */
    note: Type.String(),
  },
  { title: 'BasicWriteupInfoModel' },
);
export type BasicWriteupInfoModel = Static<typeof BasicWriteupInfoModel>;

/**
 * A game notice, from the notice list and the user hub; `values` depend on `type` (see
 * {@link NoticeType}).
 */
export const GameNotice = Type.Object(
  { id: Type.Integer(), type: NoticeType, values: Type.Array(Type.String()), time: Timestamp },
  { title: 'GameNotice' },
);
export type GameNotice = Static<typeof GameNotice>;

/**
 * Pennon's addition to the user hub (§1.9): `ReceivedScoreboardUpdate(ScoreboardUpdate)`, pushed to the connections
 * that asked for it (`scoreboard=true` in the hub's URL) once the game's scoreboard changed and the new one is
 * ready; `updateTimeUtc` is the new board's. GZ::CTF's client never asks, and is never sent it.
 */
export const ScoreboardUpdate = Type.Object({ updateTimeUtc: Timestamp }, { title: 'ScoreboardUpdate' });
export type ScoreboardUpdate = Static<typeof ScoreboardUpdate>;

/**
 * Pennon's addition to the user hub (§1.9, issue #44): `ReceivedTeamNotice(TeamNotice)`, pushed only to the
 * connections of the members of the team it concerns: an admin corrected one of its verdicts (the submission, its
 * challenge and the verdict it has now) or removed all its solves (how many). `reason` is the admin's. GZ::CTF's
 * client has no handler for it, and SignalR clients skip a method they have none for. Each is also kept for the
 * team (`GET /api/game/{id}/team-notices`), so a member who was offline reads it later; `id` is the kept one's.
 */
export const TeamNotice = Type.Union(
  [
    Type.Object({
      id: Id,
      type: Type.Literal('VerdictCorrected'),
      submissionId: Id,
      challengeId: Id,
      challenge: Type.String(),
      status: AnswerResult,
      reason: Type.String(),
      time: Timestamp,
    }),
    Type.Object({
      id: Id,
      type: Type.Literal('SolvesRemoved'),
      solves: Type.Integer({ minimum: 1 }),
      reason: Type.String(),
      time: Timestamp,
    }),
  ],
  { title: 'TeamNotice' },
);
export type TeamNotice = Static<typeof TeamNotice>;

// ---- Monitoring ----

/**
 * A monitor event: a judged flag, an instance started or destroyed, cheating; `values` depend on
 * `type` (see {@link EventType}).
 */
export const GameEvent = Type.Object(
  {
    type: EventType,
    values: Type.Array(Type.String()),
    time: Timestamp,
    /** User name, or "". */
    user: Type.String(),
    /** Team name, or "". */
    team: Type.String(),
  },
  { title: 'GameEvent' },
);
export type GameEvent = Static<typeof GameEvent>;

/** A submitted flag as monitors see it, judged. */
export const Submission = Type.Object(
  {
    answer: Type.String({ maxLength: 127 }),
    status: AnswerResult,
    time: Timestamp,
    /** The submitting user's name. */
    user: Type.String(),
    /** The submitting team's name. */
    team: Type.String(),
    /** The challenge title. */
    challenge: Type.String(),
    /** Pennon's: the submission's id, which a verdict correction names. */
    id: Type.Optional(Type.Integer()),
  },
  { title: 'Submission' },
);
export type Submission = Static<typeof Submission>;

/** A team's participation in a game, as cheat reports name it. */
export const ParticipationModel = Type.Object(
  {
    id: Type.Integer({ description: 'participation id' }),
    team: TeamModel,
    status: ParticipationStatus,
    /** The division name. */
    division: Nullable(Type.String()),
    divisionId: Nullable(Type.Integer()),
  },
  { title: 'ParticipationModel' },
);
export type ParticipationModel = Static<typeof ParticipationModel>;

/** A flag submitted by a team it was not issued to, as the monitor's cheat list shows it. */
export const CheatInfoModel = Type.Object(
  {
    /** The participation owning the flag. */
    ownedTeam: ParticipationModel,
    submitTeam: ParticipationModel,
    submission: Submission,
  },
  { title: 'CheatInfoModel' },
);
export type CheatInfoModel = Static<typeof CheatInfoModel>;

/** A team with its members' full profiles, in an admin's participation list. */
export const TeamWithDetailedUserInfo = Type.Object(
  {
    id: Type.Integer(),
    locked: Type.Boolean(),
    captainId: Guid,
    name: Nullable(Type.String()),
    bio: Nullable(Type.String()),
    avatar: Nullable(Type.String()),
    members: Type.Array(ProfileUserInfoModel),
  },
  { title: 'TeamWithDetailedUserInfo' },
);
export type TeamWithDetailedUserInfo = Static<typeof TeamWithDetailedUserInfo>;

/** A team's participation as the admin review list shows it (`GET /api/game/{id}/participations`). */
export const ParticipationInfoModel = Type.Object(
  {
    id: Type.Integer(),
    team: TeamWithDetailedUserInfo,
    /** Users registered for this game through the team. */
    registeredMembers: Type.Array(Guid),
    divisionId: Nullable(Type.Integer()),
    status: ParticipationStatus,
  },
  { title: 'ParticipationInfoModel' },
);
export type ParticipationInfoModel = Static<typeof ParticipationInfoModel>;

// ---- Traffic capture ----

/** A container challenge whose traffic was captured, with how many teams have captures. */
export const ChallengeTrafficModel = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    category: ChallengeCategory,
    type: ChallengeType,
    isEnabled: Type.Boolean(),
    /** Number of participation folders. */
    count: Type.Integer(),
  },
  { title: 'ChallengeTrafficModel' },
);
export type ChallengeTrafficModel = Static<typeof ChallengeTrafficModel>;

/** A team's captured traffic for one challenge. */
export const TeamTrafficModel = Type.Object(
  {
    id: Type.Integer({ description: 'participation id' }),
    teamId: Type.Integer(),
    name: Nullable(Type.String()),
    /** The division name. */
    division: Nullable(Type.String()),
    avatar: Nullable(Type.String()),
    /** Number of capture files. */
    count: Type.Integer(),
  },
  { title: 'TeamTrafficModel' },
);
export type TeamTrafficModel = Static<typeof TeamTrafficModel>;

/** A captured traffic file. */
export const FileRecord = Type.Object(
  { fileName: Type.String(), size: Type.Integer(), updateTime: Timestamp },
  { title: 'FileRecord' },
);
export type FileRecord = Static<typeof FileRecord>;
