import { type ProfileUserInfoModel, roleRank } from '@pennon/sdk';

/** Whether a user may watch games (events, submissions, traffic, cheats, sheets): Monitors and Admins. */
export const canMonitor = (user: Pick<ProfileUserInfoModel, 'role'> | null): boolean =>
  user !== null && roleRank(user.role) >= roleRank('Monitor');

/** Whether a user may change what was judged (correct verdicts, remove a team's solves): Admins. */
export const canCorrect = (user: Pick<ProfileUserInfoModel, 'role'> | null): boolean =>
  user !== null && roleRank(user.role) >= roleRank('Admin');
