// §2.4 Assets: content-addressed file download, upload and removal.
import Type from 'typebox';
import { LocalFile, Sha256Hex } from '../models/assets.ts';
import type { EndpointSchemas } from '../route.ts';

export const assets = {
  download: {
    summary: 'A stored file; the name only sets the content type and download name',
    params: Type.Object({ hash: Sha256Hex, filename: Type.String({ minLength: 1 }) }),
  },
  upload: {
    summary: 'Store one or more files (empty ones are skipped)',
    query: Type.Object({
      filename: Type.Optional(Type.String({ description: 'Stored name for every uploaded file' })),
    }),
    response: Type.Array(LocalFile),
  },
  delete: {
    summary: 'Drop one reference to a file, deleting it at zero',
    params: Type.Object({ hash: Type.String({ minLength: 64, maxLength: 64 }) }),
  },
} satisfies Record<string, EndpointSchemas>;
