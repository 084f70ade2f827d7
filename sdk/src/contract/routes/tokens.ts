// §2.3 API tokens: bearer tokens for the monitor hub.
import Type from 'typebox';
import { ApiToken, ApiTokenCreateModel, ApiTokenResponse } from '../models/tokens.ts';
import { route } from '../route.ts';
import { Guid } from '../schema.ts';

const byId = Type.Object({ id: Guid });

export const tokens = {
  create: route({
    method: 'POST',
    path: '/api/tokens',
    auth: 'admin',
    summary: 'Issue a token; the raw token is only returned here',
    body: ApiTokenCreateModel,
    response: ApiTokenResponse,
  }),
  list: route({
    method: 'GET',
    path: '/api/tokens',
    auth: 'admin',
    summary: 'All tokens, oldest first',
    response: Type.Array(ApiToken),
  }),
  restore: route({
    method: 'POST',
    path: '/api/tokens/{id}/restore',
    auth: 'admin',
    summary: 'Un-revoke a token',
    params: byId,
    response: 'empty',
  }),
  revoke: route({
    method: 'DELETE',
    path: '/api/tokens/{id}',
    auth: 'admin',
    summary: 'Revoke a token, or delete it for good with delete=true',
    params: byId,
    query: Type.Object({ delete: Type.Optional(Type.Boolean({ default: false })) }),
    response: 'empty',
  }),
};
