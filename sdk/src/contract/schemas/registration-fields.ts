// Pennon's registration fields (routes/registration-fields.ts).
import { RegistrationFields } from '../models/registration-fields.ts';
import type { EndpointSchemas } from '../route.ts';

export const registrationFields = {
  definitions: {
    summary: 'The extra account fields registration and the profile ask for, in order',
    response: RegistrationFields,
  },
  update: {
    summary: 'Replace the extra account fields; the values of a field no longer defined are deleted with it',
    body: RegistrationFields,
    response: RegistrationFields,
  },
} satisfies Record<string, EndpointSchemas>;
