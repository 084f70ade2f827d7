// §2.4 Assets: content-addressed file download, upload and removal.
import Type from 'typebox';
import { LocalFile, Sha256Hex } from '../models/assets.ts';
import { route } from '../route.ts';

export const assets = {
  download: route({
    method: 'GET',
    path: '/assets/{hash}/{filename}',
    auth: 'anonymous',
    summary: 'A stored file; the name only sets the content type and download name',
    params: Type.Object({ hash: Sha256Hex, filename: Type.String({ minLength: 1 }) }),
    response: 'download',
  }),
  upload: route({
    method: 'POST',
    path: '/api/assets',
    auth: 'admin',
    summary: 'Store one or more files (empty ones are skipped)',
    query: Type.Object({
      filename: Type.Optional(Type.String({ description: 'Stored name for every uploaded file' })),
    }),
    upload: 'files',
    response: Type.Array(LocalFile),
  }),
  delete: route({
    method: 'DELETE',
    path: '/api/assets/{hash}',
    auth: 'admin',
    summary: 'Drop one reference to a file, deleting it at zero',
    params: Type.Object({ hash: Type.String({ minLength: 64, maxLength: 64 }) }),
    response: 'empty',
  }),
};
