// §2.2 and §1.10: the admin's logo upload, and the favicon every page links to.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.ts';
import { mount } from '../http/mount.ts';
import { imageUploadLimit, readUpload } from '../http/uploads.ts';
import type { BrandingService } from '../services/branding.ts';

export const brandingApi = async (app: FastifyInstance, { branding }: { branding: BrandingService }) => {
  const { admin } = routes;

  mount(app, admin.uploadLogo, async (request) => {
    await branding.setLogo(await readUpload(request, 'file', imageUploadLimit));
    return undefined;
  });

  mount(app, admin.deleteLogo, async () => {
    await branding.resetLogo();
    return undefined;
  });

  // A file every page links to: no rate limit counts it.
  app.get('/favicon.webp', { schema: { hide: true }, config: { file: true } }, async (request, reply) => {
    const { body, tag } = await branding.favicon();
    const etag = `W/"favicon-${tag}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const favicon = await body();
    if (!favicon) throw new HttpError(404, 'The favicon file is missing');
    return reply.type('image/webp').header('x-content-type-options', 'nosniff').send(favicon);
  });
};
