// The embeddable widgets' bundles (widgets/dist) at a stable address, for any site to load:
// /widgets/pennon-widgets.js (ES module), /widgets/pennon-widgets.iife.js (classic script), their hashed chunks
// and the dictionaries under /widgets/locales/. No rate limit counts them (rate-limit.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { immutable } from './cache-control.ts';
import { servesFiles } from './rate-limit.ts';

/** Stable names are revalidated after an hour (a new release shows within it); hashed chunks never change. */
const STABLE = 'public, max-age=3600, stale-while-revalidate=86400';

export const hasWidgetsBuild = (widgetsDir: string): boolean =>
  existsSync(path.join(widgetsDir, 'pennon-widgets.js'));

export const widgets = async (app: FastifyInstance, { widgetsDir }: { widgetsDir: string }) => {
  servesFiles(app);
  await app.register(fastifyStatic, {
    root: widgetsDir,
    prefix: '/widgets/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply, file) => {
      const hashed = path.relative(widgetsDir, file).split(path.sep)[0] === 'chunks';
      reply.header('cache-control', hashed ? immutable : STABLE);
      // Public files loaded by other sites: ES modules are fetched in CORS mode.
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
};
