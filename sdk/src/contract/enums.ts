// Every enum of gzctf-api.md §3 as a TypeBox schema (and its type). On the wire they are member names, except
// GamePermission (numeric flags). The value lists and flag constants are in enum-values.ts, free of TypeBox.
import Type, { type Static } from 'typebox';
import {
  AnswerResultValues,
  CaptchaProviderValues,
  ChallengeCategoryValues,
  ChallengeTypeValues,
  ContainerPortMappingTypeValues,
  ContainerProviderTypeValues,
  ContainerStatusValues,
  DifficultyValues,
  EventTypeValues,
  FileTypeValues,
  GamePermission,
  LogLevelFilterValues,
  LogLevelValues,
  NetworkModeValues,
  NoticeTypeValues,
  ParticipationStatusValues,
  RegisterStatusValues,
  RoleValues,
  SubmissionTypeValues,
  TaskStatusValues,
} from './enum-values.ts';
import { StringEnum } from './schema.ts';

/**
 * A user's role, in ascending rights:
 * - `Banned`: may not sign in;
 * - `User`: plays;
 * - `Monitor`: also watches games (events, submissions, cheat reports, traffic);
 * - `Admin`: everything.
 */
export const Role = StringEnum('Role', RoleValues);
export type Role = Static<typeof Role>;

/**
 * What a registration led to:
 * - `LoggedIn`: the account is active and signed in;
 * - `AdminConfirmationRequired`: an admin must activate it first;
 * - `EmailConfirmationRequired`: the link mailed to the address must be opened first.
 */
export const RegisterStatus = StringEnum('RegisterStatus', RegisterStatusValues);
export type RegisterStatus = Static<typeof RegisterStatus>;

/**
 * The outcome of a server task, as the admin log records it:
 * - `Success`, `Failed`: done, or not;
 * - `Pending`: still running;
 * - `Duplicate`: it had been done already;
 * - `Denied`: not allowed;
 * - `NotFound`: its subject does not exist;
 * - `Exit`: stopped on purpose;
 * - `Unhealthy`, `Degraded`: a health check's findings.
 */
export const TaskStatus = StringEnum('TaskStatus', TaskStatusValues);
export type TaskStatus = Static<typeof TaskStatus>;

/**
 * Where an attachment lives:
 * - `None`: there is none;
 * - `Local`: a file stored by the platform (`/assets/{hash}/{name}`);
 * - `Remote`: a link elsewhere.
 */
export const FileType = StringEnum('FileType', FileTypeValues);
export type FileType = Static<typeof FileType>;

/**
 * A challenge container's life:
 * - `Pending`: being created;
 * - `Running`: up and reachable;
 * - `Destroyed`: gone.
 */
export const ContainerStatus = StringEnum('ContainerStatus', ContainerStatusValues);
export type ContainerStatus = Static<typeof ContainerStatus>;

/**
 * What a game notice announces (its `values`):
 * - `Normal`: an organiser's text `[content]`;
 * - `FirstBlood`, `SecondBlood`, `ThirdBlood`: a blood `[team name, challenge title]`;
 * - `NewHint`: a challenge's hints changed `[challenge title]`;
 * - `NewChallenge`: a challenge was opened `[challenge title]`.
 */
export const NoticeType = StringEnum('NoticeType', NoticeTypeValues);
export type NoticeType = Static<typeof NoticeType>;

/**
 * What a monitor event records (its `values`):
 * - `FlagSubmit`: a judged submission `[AnswerResult, answer, challenge title, challenge id]`;
 * - `ContainerStart`, `ContainerDestroy`: an instance `[challenge id, challenge title]`;
 * - `CheatDetected`: a flag of another team `[challenge title, submitting team, owning team]`;
 * - `HintUnlock` (Pennon only): a team paid for a hint `[challenge id, challenge title, cost, hint title]`;
 * - `Normal`: defined, never emitted.
 */
export const EventType = StringEnum('EventType', EventTypeValues);
export type EventType = Static<typeof EventType>;

/**
 * How a solve ranks on the scoreboard:
 * - `FirstBlood`, `SecondBlood`, `ThirdBlood`: among the first three;
 * - `Normal`: any later solve;
 * - `Unaccepted`: not a solve.
 */
export const SubmissionType = StringEnum('SubmissionType', SubmissionTypeValues);
export type SubmissionType = Static<typeof SubmissionType>;

/**
 * A team's participation in a game:
 * - `Pending`: waiting for an admin's review;
 * - `Accepted`: playing;
 * - `Rejected`: refused;
 * - `Suspended`: stopped by an admin;
 * - `Unsubmitted`: not joined at all (only in {@link DetailedGameInfoModel}).
 */
export const ParticipationStatus = StringEnum('ParticipationStatus', ParticipationStatusValues);
export type ParticipationStatus = Static<typeof ParticipationStatus>;

/**
 * How a challenge is built (bit 1 = dynamic flag, bit 0 = container):
 * - `StaticAttachment`: fixed flags, an optional attachment;
 * - `StaticContainer`: fixed flags, a container per team;
 * - `DynamicAttachment`: a flag per team, each with its own attachment;
 * - `DynamicContainer`: a flag per team generated into its container.
 */
export const ChallengeType = StringEnum('ChallengeType', ChallengeTypeValues);
export type ChallengeType = Static<typeof ChallengeType>;

/**
 * A challenge's category: `Misc`, `Crypto`, `Pwn`, `Web`, `Reverse`, `Blockchain`, `Forensics`,
 * `Hardware`, `Mobile`, `PPC`, `AI`, `Pentest` or `OSINT`. Scoreboards and challenge lists group by it.
 */
export const ChallengeCategory = StringEnum('ChallengeCategory', ChallengeCategoryValues);
export type ChallengeCategory = Static<typeof ChallengeCategory>;

/**
 * A challenge container's network:
 * - `Open`: may reach the internet;
 * - `Isolated`: no outside network;
 * - `Custom`: a network the platform's operator configured.
 */
export const NetworkMode = StringEnum('NetworkMode', NetworkModeValues);
export type NetworkMode = Static<typeof NetworkMode>;

/**
 * The verdict on a submitted flag:
 * - `FlagSubmitted`: received, not judged yet;
 * - `Accepted`: correct;
 * - `WrongAnswer`: incorrect;
 * - `CheatDetected`: another team's flag;
 * - `NotFound`: the challenge or instance is gone.
 */
export const AnswerResult = StringEnum('AnswerResult', AnswerResultValues);
export type AnswerResult = Static<typeof AnswerResult>;

/** A division's permission set on the wire: the sum of {@link GamePermission} flags. */
export const GamePermissionFlags = Type.Integer({
  minimum: 0,
  maximum: GamePermission.All,
  title: 'GamePermission',
});

/**
 * The captcha the platform asks for on registration, sign-in and recovery:
 * - `None`: none;
 * - `HashPow`: a proof of work computed in the browser;
 * - `CloudflareTurnstile`: Cloudflare's widget.
 */
export const CaptchaProvider = StringEnum('CaptchaProvider', CaptchaProviderValues);
export type CaptchaProvider = Static<typeof CaptchaProvider>;

/**
 * How players reach containers:
 * - `Default`: a host port (`host:port`);
 * - `PlatformProxy`: TCP tunnelled through the platform's `/api/proxy` WebSocket.
 */
export const ContainerPortMappingType = StringEnum(
  'ContainerPortMappingType',
  ContainerPortMappingTypeValues,
);
export type ContainerPortMappingType = Static<typeof ContainerPortMappingType>;

/** Where containers run: `Docker` or `Kubernetes` (configuration only). */
export const ContainerProviderType = StringEnum('ContainerProviderType', ContainerProviderTypeValues);
export type ContainerProviderType = Static<typeof ContainerProviderType>;

/**
 * A difficulty grade, from `Baby` through `Trivial`, `Easy`, `Normal`, `Medium`, `Hard` and `Expert` to
 * `Insane`. Defined by GZ::CTF for exercises; no route uses it yet.
 */
export const Difficulty = StringEnum('Difficulty', DifficultyValues);
export type Difficulty = Static<typeof Difficulty>;

/** Log levels (Serilog names) and the list filter that takes them all. */
export const LogLevel = StringEnum('LogLevel', LogLevelValues);
export type LogLevel = Static<typeof LogLevel>;
/** The level filter of the admin log list: a {@link LogLevel}, or `All`. */
export const LogLevelFilter = StringEnum('LogLevelFilter', LogLevelFilterValues);
export type LogLevelFilter = Static<typeof LogLevelFilter>;
