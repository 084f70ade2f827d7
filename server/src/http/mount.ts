// Serves a route of the shared contract: the schemas that type the SDK validate the request and shape the reply,
// and its `auth` is enforced before the body is even read (as ASP.NET authorizes before model binding).
// The endpoint carries its schemas as a type only; `schemasOf` finds them (routes × schemas, built once).
import {
  type Endpoint,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  schemasOf,
} from '@pennon/sdk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decryptFields } from '../services/api-encryption.ts';
import { authorize } from './auth.ts';
import { etagOnSend } from './etag.ts';
import { requireMultipart } from './uploads.ts';
import { validatorCompiler } from './validation.ts';

export type RouteRequest<R extends Endpoint> = FastifyRequest<{
  Params: RouteParams<R>;
  Querystring: RouteQuery<R>;
  Body: RouteBody<R>;
}>;

/**
 * A `download` handler sends the bytes itself and answers the reply; the others answer the response, or send it
 * themselves and hand back the reply at once (a read answered without waiting on anything).
 */
export type RouteHandler<R extends Endpoint> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<R['response'] extends 'download' ? FastifyReply : RouteResponse<R>> | FastifyReply;

/** `/api/game/{id}/notices` → `/api/game/:id/notices` */
export const toFastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

export const mount = <R extends Endpoint>(app: FastifyInstance, def: R, handler: RouteHandler<R>): void => {
  const schemas = schemasOf(def);
  const answer = async (pending: ReturnType<RouteHandler<R>>, reply: FastifyReply) => {
    const result = await pending;
    if (def.response === 'empty') return reply.send();
    if (def.response === 'download') return result;
    // Fastify would send a string as plain text; GZ::CTF answers a bare JSON string (invite codes, passwords).
    if (typeof result === 'string') return reply.type('application/json').send(JSON.stringify(result));
    return result;
  };
  const responseSchema = def.response === 'json' ? schemas.response : undefined;
  app.route({
    method: def.method,
    url: toFastifyPath(def.path),
    schema: {
      summary: schemas.summary,
      ...(schemas.params && { params: schemas.params }),
      ...(schemas.query && { querystring: schemas.query }),
      ...(schemas.body && { body: schemas.body }),
      ...(responseSchema && { response: { 200: responseSchema } }),
      ...(def.hidden && { hide: true }),
      ...(def.upload && { consumes: ['multipart/form-data'] }),
    },
    validatorCompiler,
    config: { auth: def.auth, rateLimit: def.rateLimit, upload: def.upload },
    onRequest: authorize(def.auth),
    // The handler reads the files itself (uploads.ts), each with its own size limit.
    ...(def.upload && { preValidation: requireMultipart }),
    ...(def.etag && { onSend: etagOnSend }),
    ...(def.encrypted && { preHandler: decryptFields(def.encrypted) }),
    handler: (request, reply) => {
      const result = handler(request as RouteRequest<R>, reply);
      // Sent already: awaiting the reply (a thenable) would wait for its last byte to go out.
      if (result === reply) return;
      return answer(result, reply);
    },
  });
};
