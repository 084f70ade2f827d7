// Users sheets (admin): users, and teams with their members, imported from a CSV or XLSX file of
// `userSheetColumns`; users and teams exported in the same formats.
import type { SheetFormat, UserImportResult } from '../contract/models/user-sheets.ts';
import { userSheets as r } from '../contract/routes/user-sheets.ts';
import type { CallOptions, Requester } from '../transport/transport.ts';
import { toBlob, type Upload } from './upload.ts';

/**
 * The users-sheet calls, as `client.userSheets` has them: Pennon's import of users and teams from CSV or XLSX and their export (admin only).
 */
export interface UserSheetsApi {
  /**
   * POST /api/admin/users/import: import the users of a sheet, all or nothing. With `dryRun` nothing is written
   * and the answer lists each row's problems; a real run with a problem fails with a 400 naming the first, and
   * one without answers the passwords it generated, once. A user whose e-mail exists is updated (keeping the
   * password unless the sheet gives one), so importing a sheet again is harmless.
   *
   * @example
   * const check = await client.userSheets.importUsers(file, { dryRun: true });
   * if (check.problems.length === 0) {
   *   const { passwords } = await client.userSheets.importUsers(file);
   * }
   */
  importUsers(file: Upload, query?: { dryRun?: boolean }, options?: CallOptions): Promise<UserImportResult>;
  /**
   * GET /api/admin/users/export: every user in the columns the import reads (no passwords).
   *
   * @example
   * const { data, fileName } = await client.userSheets.exportUsers('xlsx');
   */
  exportUsers(format?: SheetFormat, options?: CallOptions): Promise<{ data: Blob; fileName: string }>;
  /** GET /api/admin/teams/export: every team with its captain and members. */
  exportTeams(format?: SheetFormat, options?: CallOptions): Promise<{ data: Blob; fileName: string }>;
}

/** The users-sheet group over a requester (see `createRequester`), for a script that needs only it. */
export const createUserSheetsApi = (request: Requester): UserSheetsApi => ({
  importUsers: (file, query, options) =>
    request(r.importUsers, { ...options, query: query ?? {}, file: toBlob(file) }),
  exportUsers: (format, options) => request(r.exportUsers, { ...options, query: format ? { format } : {} }),
  exportTeams: (format, options) => request(r.exportTeams, { ...options, query: format ? { format } : {} }),
});
