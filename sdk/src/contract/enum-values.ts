// The enums of gzctf-api.md §3 as plain constants (no TypeBox): the member names of each string enum, the
// GamePermission flags and the body status codes. enums.ts builds the schemas (and types) from these lists.

/** The member names of {@link Role}, in declaration order: a runtime list for menus, filters and checks. */
export const RoleValues = ['Banned', 'User', 'Monitor', 'Admin'] as const;
/** The member names of {@link RegisterStatus}, in declaration order: a runtime list for menus, filters and checks. */
export const RegisterStatusValues = [
  'LoggedIn',
  'AdminConfirmationRequired',
  'EmailConfirmationRequired',
] as const;
/** The member names of {@link TaskStatus}, in declaration order: a runtime list for menus, filters and checks. */
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
/** The member names of {@link FileType}, in declaration order: a runtime list for menus, filters and checks. */
export const FileTypeValues = ['None', 'Local', 'Remote'] as const;
/**
 * The member names of {@link ContainerStatus}, in declaration order: a runtime list for menus, filters and checks.
 */
export const ContainerStatusValues = ['Pending', 'Running', 'Destroyed'] as const;
/** The member names of {@link NoticeType}, in declaration order: a runtime list for menus, filters and checks. */
export const NoticeTypeValues = [
  'Normal',
  'FirstBlood',
  'SecondBlood',
  'ThirdBlood',
  'NewHint',
  'NewChallenge',
] as const;
/** The member names of {@link EventType}, in declaration order: a runtime list for menus, filters and checks. */
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
/** The member names of {@link SubmissionType}, in declaration order: a runtime list for menus, filters and checks. */
export const SubmissionTypeValues = [
  'Unaccepted',
  'FirstBlood',
  'SecondBlood',
  'ThirdBlood',
  'Normal',
] as const;
/**
 * The member names of {@link ParticipationStatus}, in declaration order: a runtime list for menus, filters and checks.
 */
export const ParticipationStatusValues = [
  'Pending',
  'Accepted',
  'Rejected',
  'Suspended',
  'Unsubmitted',
] as const;
/** The member names of {@link ChallengeType}, in declaration order: a runtime list for menus, filters and checks. */
export const ChallengeTypeValues = [
  'StaticAttachment',
  'StaticContainer',
  'DynamicAttachment',
  'DynamicContainer',
] as const;
/**
 * The member names of {@link ChallengeCategory}, in declaration order: a runtime list for menus, filters and checks.
 */
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
/** The member names of {@link NetworkMode}, in declaration order: a runtime list for menus, filters and checks. */
export const NetworkModeValues = ['Open', 'Isolated', 'Custom'] as const;
/** The member names of {@link AnswerResult}, in declaration order: a runtime list for menus, filters and checks. */
export const AnswerResultValues = [
  'FlagSubmitted',
  'Accepted',
  'WrongAnswer',
  'CheatDetected',
  'NotFound',
] as const;
/**
 * The member names of {@link CaptchaProvider}, in declaration order: a runtime list for menus, filters and checks.
 */
export const CaptchaProviderValues = ['None', 'HashPow', 'CloudflareTurnstile'] as const;
/**
 * The member names of {@link ContainerPortMappingType}, in declaration order: a runtime list for menus, filters and checks.
 */
export const ContainerPortMappingTypeValues = ['Default', 'PlatformProxy'] as const;
/**
 * The member names of {@link ContainerProviderType}, in declaration order: a runtime list for menus, filters and checks.
 */
export const ContainerProviderTypeValues = ['Docker', 'Kubernetes'] as const;
/** The member names of {@link Difficulty}, in declaration order: a runtime list for menus, filters and checks. */
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
/** The member names of {@link LogLevel}, in declaration order: a runtime list for menus, filters and checks. */
export const LogLevelValues = ['Verbose', 'Debug', 'Information', 'Warning', 'Error', 'Fatal'] as const;
/** The member names of {@link LogLevelFilter}, in declaration order: a runtime list for menus, filters and checks. */
export const LogLevelFilterValues = ['All', ...LogLevelValues] as const;

/** Division permissions: numeric bit flags on the wire. */
export const GamePermission = {
  /** Teams may pick this division when joining. */
  JoinGame: 1,
  /** The division's teams appear in the overall ranking, not only in their division's. */
  RankOverall: 2,
  /** A join waits for an admin (`Pending`) instead of being accepted at once. */
  RequireReview: 4,
  /** The challenge is listed and can be opened, its container started. */
  ViewChallenge: 256,
  /** Flags may be submitted (takes ViewChallenge too). */
  SubmitFlags: 512,
  /** A solve earns points. */
  GetScore: 1024,
  /** A solve can take first, second or third blood (and its bonus). */
  GetBlood: 2048,
  /** A solve counts towards lowering the challenge's dynamic value. */
  AffectDynamicScore: 4096,
  /** Every flag: what a participation without a division has. */
  All: 2147483647,
} as const;

/** Whether the `granted` flags include every flag of `wanted` (both {@link GamePermission} bit sets). */
export const hasPermission = (granted: number, wanted: number): boolean => (granted & wanted) === wanted;

/** Body `status` codes beside HTTP statuses. */
export const ErrorCode = { GameNotStarted: 10001, GameEnded: 10002 } as const;

/** Roles in ascending order of rights: a guard compares positions. */
export const roleRank = (role: (typeof RoleValues)[number]): number => RoleValues.indexOf(role);
