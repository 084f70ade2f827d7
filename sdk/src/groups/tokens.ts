// The tokens group (gzctf-api.md §2.3): bearer tokens for the monitor hub.
import type { ApiToken, ApiTokenCreateModel, ApiTokenResponse } from '../contract/models/tokens.ts';
import { tokens as r } from '../contract/routes/tokens.ts';
import type { CallOptions, Requester } from '../transport/transport.ts';

/**
 * The API-token calls, as `client.tokens` has them: creating, listing, revoking and restoring tokens (admin only).
 */
export interface TokensApi {
  /** POST /api/tokens: issue a token; the raw token is only ever returned here. */
  create(body: ApiTokenCreateModel, options?: CallOptions): Promise<ApiTokenResponse>;
  /** GET /api/tokens: all tokens, oldest first. */
  list(options?: CallOptions): Promise<ApiToken[]>;
  /** POST /api/tokens/{id}/restore: un-revoke a token. */
  restore(id: string, options?: CallOptions): Promise<void>;
  /** DELETE /api/tokens/{id}: revoke a token, or delete it for good with `{ delete: true }`. */
  revoke(id: string, query?: { delete?: boolean }, options?: CallOptions): Promise<void>;
}

/** The API-token group over a requester (see `createRequester`), for a script that needs only it. */
export const createTokensApi = (request: Requester): TokensApi => ({
  create: (body, options) => request(r.create, { ...options, body }),
  list: (options) => request(r.list, options),
  restore: (id, options) => request(r.restore, { ...options, params: { id } }),
  revoke: (id, query, options) => request(r.revoke, { ...options, params: { id }, query: query ?? {} }),
});
