// Invite codes and links.
//
// A code is the server's `{team name}:{team id}:{32 hex}` (the name may itself hold colons). An invite
// *link* is Pennon's own: `{origin}/Teams?code={the code, URL-encoded}`. Opening it (signing in first
// when needed) shows the join dialog with the code filled in; nothing is joined before the user confirms.

/** The query parameter of an invite link. */
export const INVITE_PARAM = 'code';

const INVITE_CODE = /:(\d+):[0-9a-f]{32}$/;

/** Whether `code` has the shape of an invite code (the server still decides whether it is valid). */
export const isInviteCode = (code: string): boolean => INVITE_CODE.test(code.trim());

/** The id of the team an invite code is for, when it has the shape of one. */
export const inviteTeamId = (code: string): number | undefined => {
  const id = Number(INVITE_CODE.exec(code.trim())?.[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** The invite link that opens the join dialog with `code` on this site. */
export const inviteLink = (code: string, origin = window.location.origin): string =>
  `${origin}/Teams?${INVITE_PARAM}=${encodeURIComponent(code)}`;

export const TEAM_BIO_MAX = 72;
