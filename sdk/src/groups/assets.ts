// The assets group (gzctf-api.md §2.4): content-addressed file download, upload and removal.
import type { LocalFile } from '../contract/models/assets.ts';
import { assets as r } from '../contract/routes/assets.ts';
import type { CallOptions, Requester } from '../transport/transport.ts';
import { toBlob, type Upload } from './upload.ts';

/** The assets calls, as `client.assets` has them: file download, upload and removal. */
export interface AssetsApi {
  /** GET /assets/{hash}/{filename}: a stored file (typed by its bytes; the name is the download name). */
  download(hash: string, filename: string, options?: CallOptions): Promise<{ data: Blob; fileName: string }>;
  /** POST /api/assets: store one or more files; `filename` names every one of them. */
  upload(
    files: Upload | readonly Upload[],
    query?: { filename?: string },
    options?: CallOptions,
  ): Promise<LocalFile[]>;
  /** DELETE /api/assets/{hash}: drop one reference to a file, deleting it at zero. */
  delete(hash: string, options?: CallOptions): Promise<void>;
}

/** The assets group over a requester (see `createRequester`), for a script that needs only it. */
export const createAssetsApi = (request: Requester): AssetsApi => ({
  download: (hash, filename, options) => request(r.download, { ...options, params: { hash, filename } }),
  upload: (files, query, options) =>
    request(r.upload, {
      ...options,
      query: query ?? {},
      files: (Array.isArray(files) ? (files as readonly Upload[]) : [files as Upload]).map(toBlob),
    }),
  delete: (hash, options) => request(r.delete, { ...options, params: { hash } }),
});
