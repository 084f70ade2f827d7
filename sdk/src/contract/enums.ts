// Every enum of gzctf-api.md §3. On the wire they are member names, except GamePermission (numeric flags).
import Type, { type Static } from 'typebox';
import { StringEnum } from './schema.ts';

export const Role = StringEnum('Role', ['Banned', 'User', 'Monitor', 'Admin']);
export type Role = Static<typeof Role>;

/** Roles in ascending order of rights: a guard compares positions. */
export const roleRank = (role: Role): number => Role.enum.indexOf(role);

export const RegisterStatus = StringEnum('RegisterStatus', [
  'LoggedIn',
  'AdminConfirmationRequired',
  'EmailConfirmationRequired',
]);
export type RegisterStatus = Static<typeof RegisterStatus>;

export const TaskStatus = StringEnum('TaskStatus', [
  'Unhealthy',
  'Degraded',
  'Pending',
  'Success',
  'Failed',
  'Duplicate',
  'Denied',
  'NotFound',
  'Exit',
]);
export type TaskStatus = Static<typeof TaskStatus>;

export const FileType = StringEnum('FileType', ['None', 'Local', 'Remote']);
export type FileType = Static<typeof FileType>;

export const ContainerStatus = StringEnum('ContainerStatus', ['Pending', 'Running', 'Destroyed']);
export type ContainerStatus = Static<typeof ContainerStatus>;

export const NoticeType = StringEnum('NoticeType', [
  'Normal',
  'FirstBlood',
  'SecondBlood',
  'ThirdBlood',
  'NewHint',
  'NewChallenge',
]);
export type NoticeType = Static<typeof NoticeType>;

export const EventType = StringEnum('EventType', [
  'Normal',
  'ContainerStart',
  'ContainerDestroy',
  'FlagSubmit',
  'CheatDetected',
]);
export type EventType = Static<typeof EventType>;

export const SubmissionType = StringEnum('SubmissionType', [
  'Unaccepted',
  'FirstBlood',
  'SecondBlood',
  'ThirdBlood',
  'Normal',
]);
export type SubmissionType = Static<typeof SubmissionType>;

export const ParticipationStatus = StringEnum('ParticipationStatus', [
  'Pending',
  'Accepted',
  'Rejected',
  'Suspended',
  'Unsubmitted',
]);
export type ParticipationStatus = Static<typeof ParticipationStatus>;

/** Bit 1 = dynamic, bit 0 = container. */
export const ChallengeType = StringEnum('ChallengeType', [
  'StaticAttachment',
  'StaticContainer',
  'DynamicAttachment',
  'DynamicContainer',
]);
export type ChallengeType = Static<typeof ChallengeType>;

export const ChallengeCategory = StringEnum('ChallengeCategory', [
  'Misc',
  'Crypto',
  'Pwn',
  'Web',
  'Reverse',
  'Blockchain',
  'Forensics',
  'Hardware',
  'Mobile',
  'PPC',
  'AI',
  'Pentest',
  'OSINT',
]);
export type ChallengeCategory = Static<typeof ChallengeCategory>;

export const NetworkMode = StringEnum('NetworkMode', ['Open', 'Isolated', 'Custom']);
export type NetworkMode = Static<typeof NetworkMode>;

export const AnswerResult = StringEnum('AnswerResult', [
  'FlagSubmitted',
  'Accepted',
  'WrongAnswer',
  'CheatDetected',
  'NotFound',
]);
export type AnswerResult = Static<typeof AnswerResult>;

/** Division permissions: numeric bit flags on the wire. */
export const GamePermission = {
  JoinGame: 1,
  RankOverall: 2,
  RequireReview: 4,
  ViewChallenge: 256,
  SubmitFlags: 512,
  GetScore: 1024,
  GetBlood: 2048,
  AffectDynamicScore: 4096,
  All: 2147483647,
} as const;
export const GamePermissionFlags = Type.Integer({
  minimum: 0,
  maximum: GamePermission.All,
  title: 'GamePermission',
});
export const hasPermission = (granted: number, wanted: number): boolean => (granted & wanted) === wanted;

export const CaptchaProvider = StringEnum('CaptchaProvider', ['None', 'HashPow', 'CloudflareTurnstile']);
export type CaptchaProvider = Static<typeof CaptchaProvider>;

export const ContainerPortMappingType = StringEnum('ContainerPortMappingType', ['Default', 'PlatformProxy']);
export type ContainerPortMappingType = Static<typeof ContainerPortMappingType>;

export const ContainerProviderType = StringEnum('ContainerProviderType', ['Docker', 'Kubernetes']);
export type ContainerProviderType = Static<typeof ContainerProviderType>;

export const Difficulty = StringEnum('Difficulty', [
  'Baby',
  'Trivial',
  'Easy',
  'Normal',
  'Medium',
  'Hard',
  'Expert',
  'Insane',
]);
export type Difficulty = Static<typeof Difficulty>;

/** Body `status` codes beside HTTP statuses. */
export const ErrorCode = { GameNotStarted: 10001, GameEnded: 10002 } as const;

/** Log levels (Serilog names) and the list filter that takes them all. */
export const LogLevel = StringEnum('LogLevel', [
  'Verbose',
  'Debug',
  'Information',
  'Warning',
  'Error',
  'Fatal',
]);
export type LogLevel = Static<typeof LogLevel>;
export const LogLevelFilter = StringEnum('LogLevelFilter', ['All', ...LogLevel.enum]);
export type LogLevelFilter = Static<typeof LogLevelFilter>;
