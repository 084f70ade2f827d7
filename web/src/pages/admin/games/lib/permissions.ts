import { GamePermission, hasPermission } from '@pennon/sdk';

/** The division permission flags an admin can switch (gzctf-api §4.4), in the spec's order. */
export const PERMISSION_FLAGS = [
  'JoinGame',
  'RankOverall',
  'RequireReview',
  'ViewChallenge',
  'SubmitFlags',
  'GetScore',
  'GetBlood',
  'AffectDynamicScore',
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

/** `permissions` with `flag` granted or taken away; other bits (also those of All) stay as they are. */
export const setPermission = (permissions: number, flag: PermissionFlag, granted: boolean): number =>
  granted ? permissions | GamePermission[flag] : permissions & ~GamePermission[flag];

/** The flags `permissions` grants. */
export const grantedFlags = (permissions: number): PermissionFlag[] =>
  PERMISSION_FLAGS.filter((flag) => hasPermission(permissions, GamePermission[flag]));
