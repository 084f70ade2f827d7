// §2.4 Assets: content-addressed file download, upload and removal.
import { endpoints } from '../route.ts';
import type { assets as schemas } from '../schemas/assets.ts';

export const assets = endpoints<typeof schemas>()({
  download: {
    method: 'GET',
    path: '/assets/{hash}/{filename}',
    auth: 'anonymous',
    response: 'download',
  },
  upload: {
    method: 'POST',
    path: '/api/assets',
    auth: 'admin',
    upload: 'files',
    response: 'json',
  },
  delete: {
    method: 'DELETE',
    path: '/api/assets/{hash}',
    auth: 'admin',
    response: 'empty',
  },
});
