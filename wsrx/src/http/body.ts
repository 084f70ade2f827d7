// Request bodies: size-capped, and parsed as JSON either strictly (415/400/422 like the desktop's
// extractor) or leniently (anything unreadable becomes undefined).
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../errors.ts';

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

export const readBody = (req: IncomingMessage, limit: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (declared > limit) {
      reject(new HttpError(413, `Request body larger than ${limit} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.pause();
        reject(new HttpError(413, `Request body larger than ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const isJsonType = (req: IncomingMessage): boolean => {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
};

/** A JSON object body, or an HttpError: 415 without a JSON content type, 400 on bad JSON, 422 on a non-object. */
export const readJsonObject = async (
  req: IncomingMessage,
  limit: number,
): Promise<Record<string, unknown>> => {
  if (!isJsonType(req)) {
    throw new HttpError(415, 'Expected request with `Content-Type: application/json`');
  }
  const raw = await readBody(req, limit);
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw new HttpError(400, `Failed to parse the request body as JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(422, 'The request body must be a JSON object');
  }
  return value as Record<string, unknown>;
};

/** Any body, parsed as JSON if possible; undefined otherwise. Size cap still applies. */
export const readLenientJson = async (req: IncomingMessage, limit: number): Promise<unknown> => {
  const raw = await readBody(req, limit);
  try {
    return raw.length === 0 ? undefined : JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
};
