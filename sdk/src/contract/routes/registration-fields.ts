// Pennon's registration fields: the extra account fields an admin defines, read by registration and profile forms.
import { endpoints } from '../route.ts';
import type { registrationFields as schemas } from '../schemas/registration-fields.ts';

/**
 * Pennon only: the registration-field routes (exported as `registrationFieldsRoutes`): read the
 * definitions, and an admin sets them.
 */
export const registrationFields = endpoints<typeof schemas>()({
  definitions: { method: 'GET', path: '/api/account/fields', auth: 'anonymous', response: 'json' },
  update: { method: 'PUT', path: '/api/admin/fields', auth: 'admin', response: 'json' },
});
