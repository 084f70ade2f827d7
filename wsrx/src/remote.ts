// Remote WebSocket URLs: only ws: and wss: are accepted; the probe goes to the same place over http(s).
import { HttpError } from './errors.ts';

export const parseRemote = (value: unknown): string => {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new HttpError(422, 'Field `remote` must be a ws:// or wss:// URL');
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new HttpError(400, `Invalid remote ${JSON.stringify(value)}: not a URL`);
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw new HttpError(
      400,
      `Invalid remote ${JSON.stringify(value)}: only ws:// and wss:// URLs are accepted`,
    );
  }
  url.hash = '';
  return url.href;
};

/** The URL the health probe hits: the remote with its scheme swapped (ws → http, wss → https). */
export const probeUrl = (remote: string): string => {
  const url = new URL(remote);
  url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
  return url.href;
};
