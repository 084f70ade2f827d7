// The columns of Pennon's users sheets, shared by the server's import and export and the web's import page.

/**
 * The columns of a users sheet (CSV or XLSX), in export order; headers match in any letter case. `userName` and
 * `email` are required; `team` puts the user in that team, created with the first of its rows as captain.
 */
export const userSheetColumns = [
  'userName',
  'email',
  'password',
  'realName',
  'stdNumber',
  'phone',
  'team',
] as const;
/** A column of a users sheet (see `userSheetColumns`). */
export type UserSheetColumn = (typeof userSheetColumns)[number];
