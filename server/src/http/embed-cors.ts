// Cross-origin reads for embedded widgets (widgets/): the public endpoints a widget calls answer the origins
// the admin allows (`PENNON_EMBED_ORIGINS`), preflights included, never with credentials: a page elsewhere
// reads what an anonymous visitor could, and nothing of the visitor's own session. A refused page sees only a
// network error, so one more route answers every origin whether it is allowed (`embedRoutes.origin`): the
// widget then tells the site's owner what to ask the organiser.
import { embedRoutes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { EmbedOrigins } from '../settings.ts';
import { mount } from './mount.ts';

/** The public reads: platform config, a game, its scoreboard, notices and CTFtime feed. */
const PUBLIC_READS = [/^\/api\/config$/i, /^\/api\/game\/\d+(\/(scoreboard|notices|ctftime))?$/i];
/** The user hub's negotiate (a POST); the WebSocket itself needs no CORS. */
const HUB_NEGOTIATE = /^\/hub\/user\/negotiate$/i;

/** What the SDK and the SignalR client send beyond the CORS-safelisted headers. */
const REQUEST_HEADERS =
  'if-none-match, accept-language, content-type, x-requested-with, x-signalr-user-agent';

const methodFor = (url: string): 'GET' | 'POST' | undefined => {
  const path = (url.split('?')[0] ?? '').replace(/\/+$/, '');
  if (PUBLIC_READS.some((pattern) => pattern.test(path))) return 'GET';
  if (HUB_NEGOTIATE.test(path)) return 'POST';
  return undefined;
};

const probePath = embedRoutes.origin.path;
const isProbe = (url: string): boolean =>
  // Every request passes here: most are told apart by their first characters, before any string is built.
  url.length >= probePath.length &&
  url.slice(0, probePath.length).toLowerCase() === probePath &&
  (url.split('?')[0] ?? '').replace(/\/+$/, '').toLowerCase() === probePath;

/** The probe: readable by any page (it says nothing but whether the asker's own origin is allowed), never cached. */
const probe = (app: FastifyInstance, allows: (origin: string) => boolean) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (!isProbe(request.url)) return done();
    reply
      .header('access-control-allow-origin', '*')
      .header('vary', 'Origin')
      .header('cache-control', 'no-store');
    if (request.method !== 'OPTIONS') return done();
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET')
      .header('access-control-allow-headers', REQUEST_HEADERS)
      .header('access-control-max-age', '600')
      .send();
  });
  mount(app, embedRoutes.origin, async (request) => {
    const origin = request.headers.origin ?? null;
    // Without an Origin header the caller is the platform's own page or not a browser: nothing to refuse.
    return { origin, allowed: origin === null || allows(origin) };
  });
};

export const embedCors = fp(async (app: FastifyInstance, { origins }: { origins: EmbedOrigins }) => {
  const any = origins === '*';
  probe(app, (origin) => any || origins.includes(origin));
  if (!any && origins.length === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    const method = methodFor(request.url);
    if (!method) return;
    const origin = request.headers.origin;
    if (!origin || !(any || origins.includes(origin))) return;
    const preflight = request.method === 'OPTIONS';
    const asked = preflight ? request.headers['access-control-request-method'] : request.method;
    if (asked !== method && !(method === 'GET' && asked === 'HEAD')) return;
    reply.header('access-control-allow-origin', any ? '*' : origin);
    // The SDK polls with If-None-Match: it must see the ETag it is given.
    reply.header('access-control-expose-headers', 'ETag');
    if (!preflight) return;
    return reply
      .code(204)
      .header('access-control-allow-methods', method)
      .header('access-control-allow-headers', REQUEST_HEADERS)
      .header('access-control-max-age', '600')
      .send();
  });
  // The answer depends on the origin: caches must keep one per origin. Added last, to what the route varies by.
  if (!any) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!methodFor(request.url)) return payload;
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/(^|,)\s*origin\s*(,|$)/i.test(vary)) reply.header('vary', vary ? `${vary}, Origin` : 'Origin');
      return payload;
    });
  }
});
