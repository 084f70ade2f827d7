// The built web client: hashed files under /static/ cached for a year, every other page path falls back to index.html.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebFallback } from './errors.ts';

const immutable = 'public, max-age=31536000, immutable';

export const hasWebBuild = (webDir: string): boolean => existsSync(path.join(webDir, 'index.html'));

export const web = async (app: FastifyInstance, { webDir }: { webDir: string }) => {
  await app.register(fastifyStatic, {
    root: webDir,
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (reply, file) => {
      const inStatic = path.relative(webDir, file).split(path.sep)[0] === 'static';
      reply.header('cache-control', inStatic ? immutable : 'no-cache');
    },
  });
};

/** For the not-found handler: a page path gets the SPA shell, so client-side routes survive a reload. */
export const spaFallback =
  (webDir: string): WebFallback =>
  (_request: FastifyRequest, reply: FastifyReply) =>
    hasWebBuild(webDir)
      ? reply.header('cache-control', 'no-cache').sendFile('index.html', webDir)
      : undefined;
