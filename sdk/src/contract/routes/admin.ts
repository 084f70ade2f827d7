// §2.2 Admin: configuration, users, teams, participations, logs, writeups, instances and files.
import { endpoints } from '../route.ts';
import type { admin as schemas } from '../schemas/admin.ts';

export const admin = endpoints<typeof schemas>()({
  config: {
    method: 'GET',
    path: '/api/admin/config',
    auth: 'admin',
    response: 'json',
  },
  updateConfig: {
    method: 'PUT',
    path: '/api/admin/config',
    auth: 'admin',
    response: 'empty',
  },
  uploadLogo: {
    method: 'POST',
    path: '/api/admin/config/logo',
    auth: 'admin',
    upload: 'file',
    response: 'empty',
  },
  deleteLogo: {
    method: 'DELETE',
    path: '/api/admin/config/logo',
    auth: 'admin',
    response: 'empty',
  },
  users: {
    method: 'GET',
    path: '/api/admin/users',
    auth: 'admin',
    response: 'json',
    paged: { count: 500 },
  },
  createUsers: {
    method: 'POST',
    path: '/api/admin/users',
    auth: 'admin',
    response: 'empty',
  },
  searchUsers: {
    method: 'POST',
    path: '/api/admin/users/search',
    auth: 'admin',
    response: 'json',
  },
  user: {
    method: 'GET',
    path: '/api/admin/users/{userid}',
    auth: 'admin',
    response: 'json',
  },
  updateUser: {
    method: 'PUT',
    path: '/api/admin/users/{userid}',
    auth: 'admin',
    response: 'empty',
  },
  resetPassword: {
    method: 'DELETE',
    path: '/api/admin/users/{userid}/password',
    auth: 'admin',
    response: 'json',
  },
  deleteUser: {
    method: 'DELETE',
    path: '/api/admin/users/{userid}',
    auth: 'admin',
    response: 'empty',
  },
  teams: {
    method: 'GET',
    path: '/api/admin/teams',
    auth: 'admin',
    response: 'json',
    paged: { count: 500 },
  },
  searchTeams: {
    method: 'POST',
    path: '/api/admin/teams/search',
    auth: 'admin',
    response: 'json',
  },
  updateTeam: {
    method: 'PUT',
    path: '/api/admin/teams/{id}',
    auth: 'admin',
    response: 'empty',
  },
  deleteTeam: {
    method: 'DELETE',
    path: '/api/admin/teams/{id}',
    auth: 'admin',
    response: 'empty',
  },
  logs: {
    method: 'GET',
    path: '/api/admin/logs',
    auth: 'admin',
    response: 'json',
    paged: { count: 1000 },
  },
  updateParticipation: {
    method: 'PUT',
    path: '/api/admin/participation/{id}',
    auth: 'admin',
    response: 'empty',
  },
  reviewParticipations: {
    method: 'PUT',
    path: '/api/admin/participations',
    auth: 'admin',
    response: 'json',
  },
  writeups: {
    method: 'GET',
    path: '/api/admin/writeups/{id}',
    auth: 'admin',
    response: 'json',
  },
  downloadWriteups: {
    method: 'GET',
    path: '/api/admin/writeups/{id}/all',
    auth: 'admin',
    response: 'download',
  },
  instances: {
    method: 'GET',
    path: '/api/admin/instances',
    auth: 'admin',
    response: 'json',
  },
  deleteInstance: {
    method: 'DELETE',
    path: '/api/admin/instances/{id}',
    auth: 'admin',
    response: 'empty',
  },
  files: {
    method: 'GET',
    path: '/api/admin/files',
    auth: 'admin',
    response: 'json',
    paged: { count: 500 },
  },
});
