// Endpoint → schemas, for the server: one lookup built once from `routes` × `schemas` (and Pennon's own embed
// and sign-in routes), plus the ad-hoc routes declared with `route()` (tests, extensions). Clients never load this module.
import type { EndpointFields, EndpointOf, EndpointSchemas, RouteDef } from './route.ts';
import { embed } from './routes/embed.ts';
import { routes } from './routes/index.ts';
import { registrationFields } from './routes/registration-fields.ts';
import { security, signIn, signInAdmin } from './routes/signin.ts';
import { userSheets } from './routes/user-sheets.ts';
import { webhooks } from './routes/webhooks.ts';
import { embed as embedSchemas } from './schemas/embed.ts';
import { schemas } from './schemas/index.ts';
import { registrationFields as registrationFieldsSchemas } from './schemas/registration-fields.ts';
import * as signInSchemas from './schemas/signin.ts';
import { userSheets as userSheetsSchemas } from './schemas/user-sheets.ts';
import { webhooks as webhooksSchemas } from './schemas/webhooks.ts';

// GZ::CTF's groups and Pennon's own (embed, sign-in, users sheets, registration fields, webhooks).
const allRoutes = {
  ...routes,
  embed,
  signIn,
  security,
  signInAdmin,
  userSheets,
  registrationFields,
  webhooks,
};
const allSchemas = {
  ...schemas,
  embed: embedSchemas,
  ...signInSchemas,
  userSheets: userSheetsSchemas,
  registrationFields: registrationFieldsSchemas,
  webhooks: webhooksSchemas,
};

const table = new Map<EndpointFields, EndpointSchemas>();
for (const [group, defs] of Object.entries(allRoutes)) {
  const groupSchemas = allSchemas[group as keyof typeof allSchemas] as Record<string, EndpointSchemas>;
  for (const [name, endpoint] of Object.entries(defs as Record<string, EndpointFields>)) {
    const found = groupSchemas[name];
    if (!found) throw new Error(`No schemas for routes.${group}.${name}`);
    table.set(endpoint, found);
  }
}

/** The schemas of a contract endpoint or of one declared with `route()`. */
export const schemasOf = (endpoint: EndpointFields): EndpointSchemas => {
  const found = table.get(endpoint);
  if (!found) throw new Error(`${endpoint.method} ${endpoint.path} is not an endpoint of the contract`);
  return found;
};

/**
 * Declares an endpoint outside the contract tables, schemas inline (the pre-split shape): returns the runtime
 * endpoint, typed by its schemas, and registers the schemas so `schemasOf` (and the server's `mount`) finds them.
 */
export const route = <const R extends RouteDef>(def: R): EndpointOf<R> => {
  const { summary, params, query, body, response, ...fields } = def;
  const kind = typeof response === 'string' ? response : 'json';
  const endpoint = { ...fields, response: kind } as EndpointFields;
  table.set(endpoint, {
    summary,
    ...(params && { params }),
    ...(query && { query }),
    ...(body && { body }),
    ...(typeof response === 'object' && { response }),
  });
  return endpoint as EndpointOf<R>;
};
