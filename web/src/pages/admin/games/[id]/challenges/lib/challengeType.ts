import type { ChallengeType } from '@pennon/sdk';

/** Whether players start a container for the challenge. */
export const hasContainer = (type: ChallengeType) =>
  type === 'StaticContainer' || type === 'DynamicContainer';

/** Whether each team gets a flag (and, for attachments, a file) of its own. */
export const isDynamic = (type: ChallengeType) => type === 'DynamicAttachment' || type === 'DynamicContainer';
