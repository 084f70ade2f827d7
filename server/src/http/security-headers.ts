// Headers that keep browsers from misreading what the server sends: `nosniff` on every answer, and for the web app
// a Content-Security-Policy under which only its own scripts run, whatever a player manages to get into a page.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { CaptchaProvider } from '@pennon/sdk/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Every answer (API, hub negotiate, files) is read as the type it declares, never sniffed as a script or page. */
export const noSniff = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done();
  });
});

/** Cloudflare Turnstile's script and its challenge frame come from here. */
const TURNSTILE = 'https://challenges.cloudflare.com';

/** A fresh nonce for one response's inline scripts (base64 of 128 random bits). */
export const newNonce = (): string => randomBytes(16).toString('base64');

/** Applies the web app's headers to one response whose page carries `nonce` on its script tags. */
export type WebAppHeaders = (reply: FastifyReply, nonce: string) => void;

export const webAppHeaders = (captcha: CaptchaProvider): WebAppHeaders => {
  const nonces = new WeakMap<ServerResponse, string>();
  const thirdParty = captcha === 'CloudflareTurnstile' ? [TURNSTILE] : [];
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // The built files, plus inline scripts the shell itself carries (the nonce); never inline handlers or eval.
        'script-src': ["'self'", (_request, response) => `'nonce-${nonces.get(response)}'`, ...thirdParty],
        'script-src-attr': ["'none'"],
        // Mantine writes <style> elements and KaTeX's markup has style attributes: styles cannot run code.
        'style-src': ["'self'", "'unsafe-inline'"],
        'font-src': ["'self'", 'data:'],
        // Previews of picked files (blob:), CSS icons (data:), and images organisers link in their Markdown.
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        // The API and the hubs' WebSocket: 'self' covers ws: and wss: of the same host.
        'connect-src': ["'self'"],
        // The HashPow captcha's worker is a built file.
        'worker-src': ["'self'"],
        'frame-src': ["'self'", ...thirdParty],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // An organiser's proxy decides about HSTS: it commits the whole domain to HTTPS for a long time.
    strictTransportSecurity: false,
  });
  return (reply, nonce) => {
    nonces.set(reply.raw, nonce);
    apply(reply.request.raw, reply.raw, () => {});
  };
};
