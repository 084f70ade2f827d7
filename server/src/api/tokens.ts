// §2.3 API tokens: admins issue, list, revoke, restore and delete the bearer tokens of §1.2. A request authenticated
// by a token may issue tokens only if a session issued that token, so tokens never breed tokens that breed more.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../http/audit.ts';
import { callerOf, refuseMintedToken } from '../http/auth.ts';
import { mount } from '../http/mount.ts';
import { msg } from '../i18n/message.ts';
import type { ApiTokenService } from '../services/api-tokens.ts';

export const tokensApi = async (app: FastifyInstance, { apiTokens }: { apiTokens: ApiTokenService }) => {
  const { tokens } = routes;

  mount(app, tokens.create, async (request) => {
    refuseMintedToken(request, msg`A token issued by another token cannot issue tokens`);
    const minter = request.apiToken;
    const created = await apiTokens.create(callerOf(request).id, request.body, minter?.id ?? null);
    const by = minter ? ` with API token ${minter.id}` : '';
    await audit(request, 'Information', `Issued API token "${created.info.name}" (${created.info.id})${by}`);
    return created;
  });

  mount(app, tokens.list, () => apiTokens.list());

  // An unknown id is a 404 with no body (§2.3).
  mount(app, tokens.restore, async (request, reply) => {
    const { id } = request.params;
    if (!(await apiTokens.setRevoked(id, false))) return reply.code(404).send();
    await audit(request, 'Information', `Restored API token ${id}`);
    return undefined;
  });

  mount(app, tokens.revoke, async (request, reply) => {
    const { id } = request.params;
    const remove = request.query.delete === true;
    if (!(await (remove ? apiTokens.delete(id) : apiTokens.setRevoked(id, true))))
      return reply.code(404).send();
    await audit(request, 'Information', `${remove ? 'Deleted' : 'Revoked'} API token ${id}`);
    return undefined;
  });
};
