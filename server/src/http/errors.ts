// Every failure leaves as the error envelope `{ title, status }`: validation, unknown routes, crashes alike.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestResponse } from '@pennon/sdk/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BusyError } from '../errors/busy-error.ts';
import { DomainError } from '../errors/domain-error.ts';
import { problemTitle } from '../errors/schema-problem.ts';
import { negotiateLocale, translate } from '../i18n/catalogs.ts';
import { msg, type Text } from '../i18n/message.ts';
import { isMalformedForm } from './uploads.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** A text in the language the request's `Accept-Language` asks for (§1.3: titles are localized). */
    translate(text: Text): string;
  }
}

/** Paths that never fall back to the SPA shell: the platform's own, and missing build files (a stale chunk must fail to load). */
export const isPlatformPath = (url: string): boolean =>
  /^\/(api|hub|assets|openapi|static|widgets)(\/|\?|$)/i.test(url);

/** A GET or HEAD of a path no route serves that is a page of the web client: answered with its shell. */
export const isPageRequest = (request: FastifyRequest): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') && !isPlatformPath(request.url);

const envelope = (title: string, status: number): RequestResponse => ({ title, status });

/** TypeBox's first complaint, phrased for a person: `userName must be at least 3 characters long`. */
const validationTitle = (error: FastifyError): Text =>
  problemTitle(error.validation?.[0], error.validationContext || 'request');

/**
 * The router's own refusals, before any route or hook runs: a path whose percent-encoding does not decode, or a
 * segment longer than the router takes (Fastify's `frameworkErrors`).
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : 400;
  const title = tooLong ? msg`A part of the address is too long` : msg`The address is not valid`;
  const locale = negotiateLocale(request.headers['accept-language']);
  // No hook has run for this request, so the plugin that marks every answer nosniff has not either.
  reply.header('x-content-type-options', 'nosniff');
  reply.code(status).send(envelope(translate(title, locale), status));
};

/**
 * What Node's HTTP parser refuses before there is a request (an unknown method, oversized headers, a malformed
 * request line) gets the envelope too, then the connection is closed (Fastify's `clientErrorHandler`).
 */
export const clientErrorHandler = (error: NodeJS.ErrnoException, socket: Duplex): void => {
  if (error.code === 'ECONNRESET' || !socket.writable) return;
  const [status, title] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, msg`The request headers are too large`]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, msg`The request took too long to arrive`]
        : [400, msg`The request could not be read`];
  const body = JSON.stringify(envelope(translate(title, negotiateLocale(undefined)), status));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

/** Fastify's refusals of a body, by code: its own messages are English only. */
const bodyRefusals: Record<string, Text> = {
  FST_ERR_CTP_INVALID_JSON_BODY: msg`The body is not valid JSON`,
  FST_ERR_CTP_EMPTY_JSON_BODY: msg`The body is empty although its type says JSON`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: msg`The body's content type is not accepted here`,
  FST_ERR_CTP_BODY_TOO_LARGE: msg`The body is too large`,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: msg`The body's length does not match its Content-Length header`,
};

export type WebFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

export const errors = fp<{ webFallback?: WebFallback }>(async (app: FastifyInstance, options) => {
  app.decorateRequest('translate', function (this: FastifyRequest, text: Text) {
    return translate(text, negotiateLocale(this.headers['accept-language']));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A refusal from any layer, the domain's or the HTTP layer's own (HttpError is one).
    if (error instanceof DomainError) {
      if (error instanceof BusyError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send(envelope(request.translate(error.title), error.code));
    }
    if (error.validation) {
      return reply.code(400).send(envelope(request.translate(validationTitle(error)), 400));
    }
    if (isMalformedForm(error)) {
      return reply
        .code(400)
        .send(envelope(request.translate(msg`The form data is not valid multipart data`), 400));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (malformed JSON, oversized body…): in words of ours where it has a code we know.
      const title = (error.code && bodyRefusals[error.code]) || error.message;
      return reply.code(status).send(envelope(request.translate(title), status));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(envelope(request.translate('Internal server error'), 500));
  });

  app.setNotFoundHandler((request, reply) => {
    const served = isPageRequest(request) ? options.webFallback?.(request, reply) : undefined;
    return (
      served ??
      reply.code(404).send(envelope(request.translate(msg`Not found: ${request.method} ${request.url}`), 404))
    );
  });
});
