// Every request gets an id: on each of its log lines (Fastify's `reqId`) and in its answer's `X-Request-Id`, so a
// player can quote it to the organisers, who find the request's lines in the log. A client-sent id is not trusted
// (anyone could make their requests look like another's); only the header a trusted proxy sets, when named.
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

export const requestIdOptions = (
  trustedHeader: string | undefined,
): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> => ({
  genReqId: () => randomUUID(),
  requestIdHeader: trustedHeader ?? false,
});

export const requestIdHeader = fp(async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
});
