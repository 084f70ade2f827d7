// Every failure leaves as the error envelope `{ title, status }`: validation, unknown routes, crashes alike.
import type { RequestResponse } from '@pennon/sdk/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './http-error.ts';

/** Paths that never fall back to the SPA shell: the platform's own, and missing build files (a stale chunk must fail to load). */
export const isPlatformPath = (url: string): boolean =>
  /^\/(api|hub|assets|openapi|static)(\/|\?|$)/i.test(url);

const envelope = (title: string, status: number): RequestResponse => ({ title, status });

/** Ajv's first complaint, phrased for a person: `userName: must NOT have fewer than 3 characters`. */
const validationTitle = (error: FastifyError): string => {
  const first = error.validation?.[0];
  if (!first) return 'The request is not valid';
  // Ajv names a missing property `missingProperty`; TypeBox (contract routes, see validation.ts) `requiredProperties`.
  const params = first.params as { missingProperty?: string; requiredProperties?: string[] };
  const field =
    first.keyword === 'required'
      ? (params.missingProperty ?? params.requiredProperties?.[0] ?? '')
      : first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = field || error.validationContext || 'request';
  const message = first.keyword === 'required' ? 'is required' : (first.message ?? 'is not valid');
  return `${where}: ${message}`;
};

export type WebFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

export const errors = fp<{ webFallback?: WebFallback }>(async (app: FastifyInstance, options) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(envelope(error.message, error.code));
    }
    if (error.validation) {
      return reply.code(400).send(envelope(validationTitle(error), 400));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(envelope(error.message, status));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(envelope('Internal server error', 500));
  });

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isPlatformPath(request.url);
    const served = isPage ? options.webFallback?.(request, reply) : undefined;
    return served ?? reply.code(404).send(envelope(`Not found: ${request.method} ${request.url}`, 404));
  });
});
