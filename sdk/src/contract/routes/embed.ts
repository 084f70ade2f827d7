// Pennon's own embedding endpoints, beside the GZ::CTF route table (`routes`): a widget on a page the platform
// refuses (CORS) sees only a network error, so it asks this route, which answers every origin, why.
import { endpoints } from '../route.ts';
import type { embed as schemas } from '../schemas/embed.ts';

/**
 * Pennon only: the embedding routes (exported as `embedRoutes`), telling a widget whether its page's
 * origin may read the platform.
 */
export const embed = endpoints<typeof schemas>()({
  origin: {
    method: 'GET',
    path: '/api/embed/origin',
    auth: 'anonymous',
    response: 'json',
  },
});
