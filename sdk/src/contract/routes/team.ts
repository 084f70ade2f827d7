// §2.9 Team: teams, invitations and the participation-token check.
import { endpoints } from '../route.ts';
import type { team as schemas } from '../schemas/team.ts';

export const team = endpoints<typeof schemas>()({
  get: {
    method: 'GET',
    path: '/api/team/{id}',
    auth: 'anonymous',
    response: 'json',
  },
  list: {
    method: 'GET',
    path: '/api/team',
    auth: 'user',
    response: 'json',
  },
  create: {
    method: 'POST',
    path: '/api/team',
    auth: 'user',
    response: 'json',
    rateLimit: 'concurrency',
  },
  update: {
    method: 'PUT',
    path: '/api/team/{id}',
    auth: 'user',
    response: 'json',
  },
  transfer: {
    method: 'PUT',
    path: '/api/team/{id}/transfer',
    auth: 'user',
    response: 'json',
  },
  invite: {
    method: 'GET',
    path: '/api/team/{id}/invite',
    auth: 'user',
    response: 'json',
  },
  refreshInvite: {
    method: 'PUT',
    path: '/api/team/{id}/invite',
    auth: 'user',
    response: 'json',
  },
  kick: {
    method: 'POST',
    path: '/api/team/{id}/kick/{userId}',
    auth: 'user',
    response: 'json',
  },
  accept: {
    method: 'POST',
    path: '/api/team/accept',
    auth: 'user',
    response: 'empty',
  },
  leave: {
    method: 'POST',
    path: '/api/team/{id}/leave',
    auth: 'user',
    response: 'empty',
  },
  updateAvatar: {
    method: 'PUT',
    path: '/api/team/{id}/avatar',
    auth: 'user',
    upload: 'file',
    response: 'json',
  },
  delete: {
    method: 'DELETE',
    path: '/api/team/{id}',
    auth: 'user',
    response: 'empty',
  },
  verify: {
    method: 'POST',
    path: '/api/team/verify',
    auth: 'anonymous',
    response: 'empty',
  },
});
