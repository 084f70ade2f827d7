// Registration fields: the extra account fields (student ID, school, T-shirt size...) an admin defines. Users send
// their values with `account.register` and `account.updateProfile` (`fields`); admins read them in user lists.
import type { RegistrationFields } from '../contract/models/registration-fields.ts';
import { registrationFields as r } from '../contract/routes/registration-fields.ts';
import type { CallOptions, Requester } from '../transport/transport.ts';

/**
 * The registration-field calls, as `client.registrationFields` has them: Pennon's extra account fields: read them, and an admin sets them.
 */
export interface RegistrationFieldsApi {
  /**
   * GET /api/account/fields: the fields registration and the profile ask for (anyone may read them).
   *
   * @example
   * const fields = await client.registrationFields.definitions();
   * const required = fields.filter((field) => field.required).map((field) => field.key);
   */
  definitions(options?: CallOptions): Promise<RegistrationFields>;
  /**
   * PUT /api/admin/fields: replace the whole list (admin). A field left out is deleted with its values; a bad
   * definition (a duplicate key, a choice without options, a pattern that does not compile) is a 400.
   *
   * @example
   * await client.registrationFields.update([
   *   { key: 'school', label: 'School', labels: { 'de-DE': 'Schule' }, type: 'text',
   *     required: true, public: true, locked: false, maxLength: 64 },
   *   { key: 'shirt', label: 'T-shirt size', type: 'choice', options: ['S', 'M', 'L'],
   *     required: false, public: false, locked: false },
   * ]);
   */
  update(fields: RegistrationFields, options?: CallOptions): Promise<RegistrationFields>;
}

/** The registration-field group over a requester (see `createRequester`), for a script that needs only it. */
export const createRegistrationFieldsApi = (request: Requester): RegistrationFieldsApi => ({
  definitions: (options) => request(r.definitions, options),
  update: (fields, options) => request(r.update, { ...options, body: fields }),
});
