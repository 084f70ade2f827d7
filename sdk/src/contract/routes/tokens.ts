// §2.3 API tokens: bearer tokens for the monitor hub.
import { endpoints } from '../route.ts';
import type { tokens as schemas } from '../schemas/tokens.ts';

export const tokens = endpoints<typeof schemas>()({
  create: {
    method: 'POST',
    path: '/api/tokens',
    auth: 'admin',
    response: 'json',
  },
  list: {
    method: 'GET',
    path: '/api/tokens',
    auth: 'admin',
    response: 'json',
  },
  restore: {
    method: 'POST',
    path: '/api/tokens/{id}/restore',
    auth: 'admin',
    response: 'empty',
  },
  revoke: {
    method: 'DELETE',
    path: '/api/tokens/{id}',
    auth: 'admin',
    response: 'empty',
  },
});
