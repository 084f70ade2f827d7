// The built web client: its files, all content-hashed under /static/, cached for a year; every other page path
// gets the SPA shell, revalidated on each load. Neither counts against the rate limits (rate-limit.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { immutable } from './cache-control.ts';
import type { WebFallback } from './errors.ts';
import { servesFiles } from './rate-limit.ts';
import { newNonce, type WebAppHeaders } from './security-headers.ts';

export const hasWebBuild = (webDir: string): boolean => existsSync(path.join(webDir, 'index.html'));

export const web = async (app: FastifyInstance, { webDir }: { webDir: string }) => {
  servesFiles(app);
  // The shell is never sent as a file: every page path, `/index.html` too, falls through to `spaFallback`.
  await app.register(fastifyStatic, {
    root: path.join(webDir, 'static'),
    prefix: '/static/',
    index: false,
    cacheControl: false,
    setHeaders: (reply) => reply.header('cache-control', immutable),
  });
};

/** Every script tag of the shell gets the response's nonce, the only inline scripts the policy lets run. */
const withNonce = (html: string, nonce: string): string =>
  html.replaceAll('<script', `<script nonce="${nonce}"`);

/**
 * For the not-found handler: a page path gets the SPA shell, so client-side routes survive a reload. The shell is
 * read once (a new build is served from the next start); each response carries its own nonce, in its script tags
 * and in its Content-Security-Policy.
 */
export const spaFallback = (webDir: string, headers: WebAppHeaders): WebFallback => {
  let shell: string | undefined;
  return (_request: FastifyRequest, reply: FastifyReply) => {
    if (shell === undefined) {
      if (!hasWebBuild(webDir)) return undefined;
      shell = readFileSync(path.join(webDir, 'index.html'), 'utf8');
    }
    const nonce = newNonce();
    headers(reply, nonce);
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withNonce(shell, nonce));
  };
};
