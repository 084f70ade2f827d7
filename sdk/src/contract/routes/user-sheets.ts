// Pennon's users sheets (admin): users (and teams) imported from CSV or XLSX, users and teams exported as sheets.
import { endpoints } from '../route.ts';
import type { userSheets as schemas } from '../schemas/user-sheets.ts';

/**
 * Pennon only: the users-sheet routes (exported as `userSheetsRoutes`): import users and teams from CSV or
 * XLSX, export them as sheets.
 */
export const userSheets = endpoints<typeof schemas>()({
  importUsers: {
    method: 'POST',
    path: '/api/admin/users/import',
    auth: 'admin',
    upload: 'file',
    response: 'json',
  },
  exportUsers: { method: 'GET', path: '/api/admin/users/export', auth: 'admin', response: 'download' },
  exportTeams: { method: 'GET', path: '/api/admin/teams/export', auth: 'admin', response: 'download' },
});
