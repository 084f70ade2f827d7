// Pennon's registration fields: the definitions for every form, and the admin's edit of them.
import { registrationFieldsRoutes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../http/audit.ts';
import { mount } from '../http/mount.ts';
import type { RegistrationFieldService } from '../services/registration-fields.ts';

export interface RegistrationFieldsApiOptions {
  fields: RegistrationFieldService;
}

export const registrationFieldsApi = async (
  app: FastifyInstance,
  { fields }: RegistrationFieldsApiOptions,
) => {
  const routes = registrationFieldsRoutes;

  mount(app, routes.definitions, () => fields.definitions());

  mount(app, routes.update, async (request) => {
    const saved = await fields.update(request.body);
    await audit(
      request,
      'Warning',
      `Registration fields: ${saved.map((field) => field.key).join(', ') || 'none'}`,
    );
    return saved;
  });
};
