// The enums of gzctf-api.md §3 as plain constants (no TypeBox): the member names of each string enum, the
// GamePermission flags and the body status codes. enums.ts builds the schemas (and types) from these lists.

export const RoleValues = ['Banned', 'User', 'Monitor', 'Admin'] as const;
export const RegisterStatusValues = [
  'LoggedIn',
  'AdminConfirmationRequired',
  'EmailConfirmationRequired',
] as const;
export const TaskStatusValues = [
  'Unhealthy',
  'Degraded',
  'Pending',
  'Success',
  'Failed',
  'Duplicate',
  'Denied',
  'NotFound',
  'Exit',
] as const;
export const FileTypeValues = ['None', 'Local', 'Remote'] as const;
export const ContainerStatusValues = ['Pending', 'Running', 'Destroyed'] as const;
export const NoticeTypeValues = [
  'Normal',
  'FirstBlood',
  'SecondBlood',
  'ThirdBlood',
  'NewHint',
  'NewChallenge',
] as const;
export const EventTypeValues = [
  'Normal',
  'ContainerStart',
  'ContainerDestroy',
  'FlagSubmit',
  'CheatDetected',
  // Pennon's: a team unlocked a titled hint; values [challenge id, challenge title, cost, hint title] (GZ::CTF's
  // monitor shows an unknown type's last value).
  'HintUnlock',
] as const;
export const SubmissionTypeValues = [
  'Unaccepted',
  'FirstBlood',
  'SecondBlood',
  'ThirdBlood',
  'Normal',
] as const;
export const ParticipationStatusValues = [
  'Pending',
  'Accepted',
  'Rejected',
  'Suspended',
  'Unsubmitted',
] as const;
export const ChallengeTypeValues = [
  'StaticAttachment',
  'StaticContainer',
  'DynamicAttachment',
  'DynamicContainer',
] as const;
export const ChallengeCategoryValues = [
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
] as const;
export const NetworkModeValues = ['Open', 'Isolated', 'Custom'] as const;
export const AnswerResultValues = [
  'FlagSubmitted',
  'Accepted',
  'WrongAnswer',
  'CheatDetected',
  'NotFound',
] as const;
export const CaptchaProviderValues = ['None', 'HashPow', 'CloudflareTurnstile'] as const;
export const ContainerPortMappingTypeValues = ['Default', 'PlatformProxy'] as const;
export const ContainerProviderTypeValues = ['Docker', 'Kubernetes'] as const;
export const DifficultyValues = [
  'Baby',
  'Trivial',
  'Easy',
  'Normal',
  'Medium',
  'Hard',
  'Expert',
  'Insane',
] as const;
export const LogLevelValues = ['Verbose', 'Debug', 'Information', 'Warning', 'Error', 'Fatal'] as const;
export const LogLevelFilterValues = ['All', ...LogLevelValues] as const;

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

export const hasPermission = (granted: number, wanted: number): boolean => (granted & wanted) === wanted;

/** Body `status` codes beside HTTP statuses. */
export const ErrorCode = { GameNotStarted: 10001, GameEnded: 10002 } as const;

/** Roles in ascending order of rights: a guard compares positions. */
export const roleRank = (role: (typeof RoleValues)[number]): number => RoleValues.indexOf(role);
