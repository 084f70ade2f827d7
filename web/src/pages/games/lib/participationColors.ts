import type { ParticipationStatus } from '@pennon/sdk';

/** The colour of each participation status, on the game page and in the admin's review alike. */
export const PARTICIPATION_COLORS: Record<ParticipationStatus, string> = {
  Unsubmitted: 'gray',
  Pending: 'yellow',
  Accepted: 'teal',
  Rejected: 'red',
  Suspended: 'orange',
};
