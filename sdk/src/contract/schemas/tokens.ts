// §2.3 API tokens: bearer tokens for the monitor hub.
import Type from 'typebox';
import { ApiToken, ApiTokenCreateModel, ApiTokenResponse } from '../models/tokens.ts';
import type { EndpointSchemas } from '../route.ts';
import { Guid } from '../schema.ts';

const byId = Type.Object({ id: Guid });

export const tokens = {
  create: {
    summary: 'Issue a token; the raw token is only returned here',
    body: ApiTokenCreateModel,
    response: ApiTokenResponse,
  },
  list: {
    summary: 'All tokens, oldest first',
    response: Type.Array(ApiToken),
  },
  restore: {
    summary: 'Un-revoke a token',
    params: byId,
  },
  revoke: {
    summary: 'Revoke a token, or delete it for good with delete=true',
    params: byId,
    query: Type.Object({ delete: Type.Optional(Type.Boolean({ default: false })) }),
  },
} satisfies Record<string, EndpointSchemas>;
