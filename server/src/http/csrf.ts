// Cross-site request forgery: a state-changing request that a browser made for a page of another origin is
// refused (403), unless it carries an API token, which such a page cannot add without a CORS grant it never gets.
// Every unsafe method is checked, not only those that arrive with the session cookie: sign-in, registration and
// e-mail confirmation set one, and a page elsewhere must not sign a visitor into its own account either.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { crossSiteRefusal, fromElsewhere, platformOrigin } from '../raw-request/cross-site.ts';
import { bearerToken } from './auth.ts';
import { HttpError } from './http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks where its requests come from itself (the hubs' negotiate, see live/hubs.ts). */
    checksOrigin?: true;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const csrf = fp(async (app: FastifyInstance, { publicUrl }: { publicUrl: string | undefined }) => {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method) || request.routeOptions.config.checksOrigin) return done();
    if (bearerToken(request)) return done();
    if (fromElsewhere(request.headers, () => platformOrigin(publicUrl, request.protocol, request.host))) {
      return done(new HttpError(403, crossSiteRefusal));
    }
    done();
  });
});
