// §2.4 Assets: stored files by hash, and the admin's uploads. Downloads sit outside /api, immutable in caches (a
// hash names one content forever, so its ETag never goes stale) and counted by no rate limit, as the web client's
// own files: a scoreboard page shows an avatar per team. A file is sent with the type sniffed from its bytes
// when it was stored, and saved rather than shown unless the platform made it by re-encoding an image: whatever an
// upload holds, a browser never renders it as a page of ours.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { immutable } from '../http/cache-control.ts';
import { attachmentDisposition } from '../http/download.ts';
import { HttpError } from '../http/http-error.ts';
import { mount } from '../http/mount.ts';
import { servesFiles } from '../http/rate-limit.ts';
import { uploadedFiles } from '../http/uploads.ts';
import type { FileStore } from '../storage/file-store.ts';

const notFound = () => new HttpError(404, 'File not found');

export const assetsApi = async (app: FastifyInstance, { files }: { files: FileStore }) => {
  const { assets, admin } = routes;

  await app.register(async (downloads) => {
    servesFiles(downloads);
    mount(downloads, assets.download, async (request, reply) => {
      const { hash, filename } = request.params;
      const file = await files.get(hash);
      if (!file) throw notFound();
      const etag = `"${hash.slice(8, 16)}"`;
      reply
        .header('etag', etag)
        .header('cache-control', immutable)
        .header('last-modified', new Date(file.uploadedAt).toUTCString());
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
        return reply.code(304).send();
      }
      const body = await files.open(hash);
      if (!body) throw notFound();
      return reply
        .type(file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size)
        .header('content-disposition', file.reencoded ? 'inline' : attachmentDisposition(filename))
        .send(body);
    });
  });

  mount(app, assets.upload, async (request) => {
    const stored = [];
    try {
      for await (const part of uploadedFiles(request, 'files')) {
        const file = await files.put(part.file, request.query.filename || part.filename || 'file');
        if (file) stored.push(file);
      }
    } catch (error) {
      // A refused request (too many files, a broken stream) hands out no hashes: take back what it stored.
      for (const file of stored) await files.release(file.hash);
      throw error;
    }
    return stored;
  });

  mount(app, assets.delete, async (request) => {
    if (!(await files.release(request.params.hash))) throw notFound();
    return undefined;
  });

  mount(app, admin.files, async (request) => {
    const { count = 50, skip = 0 } = request.query;
    const data = await files.page(count, skip);
    return { data, length: data.length, total: data.length };
  });
};
