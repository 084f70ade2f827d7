// Pennon's own embedding endpoints, beside the GZ::CTF route table (`routes`): a widget on a page the platform
// refuses (CORS) sees only a network error, so it asks this route, which answers every origin, why.
import { endpoints } from '../route.ts';
import type { embed as schemas } from '../schemas/embed.ts';

export const embed = endpoints<typeof schemas>()({
  origin: {
    method: 'GET',
    path: '/api/embed/origin',
    auth: 'anonymous',
    response: 'json',
  },
});
