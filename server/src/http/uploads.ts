// multipart/form-data uploads of contract endpoints that declare `upload` (§2). Files are streamed: a size limit stops
// reading at the limit instead of buffering the whole request.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../errors/domain-error.ts';
import { msg } from '../i18n/message.ts';
import { HttpError } from './http-error.ts';

/** The cap of the image endpoints (avatars, logo). */
export const imageUploadLimit = 3 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads too large to hold are streamed while a request reads them. */
    uploadScratch: string;
  }
}

const scratchPrefix = 'upload-';
/** Left by a process killed in the middle of an upload; younger ones may be another process's, still being read. */
const abandonedAfterMs = 24 * 60 * 60 * 1000;

/** Removes what killed processes left in `dir`: a game package is up to 512 MiB. */
const sweepAbandoned = async (dir: string, now = Date.now()) => {
  for (const entry of await readdir(dir)) {
    if (!entry.startsWith(scratchPrefix)) continue;
    const where = path.join(dir, entry);
    const { mtimeMs } = await stat(where).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > abandonedAfterMs) await rm(where, { recursive: true, force: true });
  }
};

/**
 * `scratchDir`: in the data directory rather than the system's temporary one, which is often a RAM-backed tmpfs
 * (and then holds a large upload in memory after all) or a container's small writable layer.
 */
export const uploads = fp(async (app: FastifyInstance, { scratchDir }: { scratchDir: string }) => {
  await mkdir(scratchDir, { recursive: true });
  await sweepAbandoned(scratchDir);
  app.decorate('uploadScratch', scratchDir);
  // The plugin otherwise caps files at the JSON body limit; admin asset uploads have no cap (§2.4).
  await app.register(fastifyMultipart, {
    limits: { fileSize: Number.POSITIVE_INFINITY, files: 64, fields: 16, parts: 100 },
  });
});

/** On every upload endpoint (`mount`), before the handler reads anything. */
export const requireMultipart: preValidationHookHandler = async (request) => {
  if (!request.isMultipart()) throw new HttpError(400, 'Send the file as multipart/form-data');
};

const sizeInWords = (bytes: number) => `${bytes / 1024 / 1024} MiB`;

/** Errors raised by a form's own bytes (a missing boundary, a truncated part): busboy gives them no status. */
const malformedForms = new WeakSet<object>();

const malformed = (error: unknown) => {
  if (error instanceof Error && !(error instanceof DomainError) && !('statusCode' in error))
    malformedForms.add(error);
  return error;
};

/** Whether an error came from a form that is not valid multipart data: the sender's fault, answered with 400. */
export const isMalformedForm = (error: unknown): boolean =>
  error instanceof Error && malformedForms.has(error);

/**
 * The files of a form, one at a time, its names and text fields held to the rule of every other string of a
 * request (validation.ts): U+0000 is refused, since a name may be stored and PostgreSQL cannot store that.
 * A parse error, of the form or of a file's stream, is marked as the sender's (`isMalformedForm`).
 */
export async function* formFiles(
  request: FastifyRequest,
  options?: Parameters<FastifyRequest['parts']>[0],
): AsyncGenerator<MultipartFile> {
  try {
    for await (const part of request.parts(options)) {
      const text = part.type === 'file' ? part.filename : String(part.value);
      if (`${part.fieldname}${text}`.includes('\0')) {
        const field = part.type === 'file' ? 'filename' : part.fieldname.replaceAll('\0', '');
        throw new HttpError(400, msg`${field} must not contain the NUL character (U+0000)`);
      }
      if (part.type === 'file') {
        // The stream may have failed already, the form being parsed ahead of its reader.
        malformed(part.file.errored);
        part.file.once('error', malformed);
        yield part;
      }
    }
  } catch (error) {
    throw malformed(error);
  }
}

/** The files of form field `field`, one at a time; each must be consumed before the next arrives. */
export async function* uploadedFiles(request: FastifyRequest, field: string): AsyncGenerator<MultipartFile> {
  for await (const part of formFiles(request)) {
    if (part.fieldname === field) yield part;
    else part.file.resume();
  }
}

/**
 * What `take` makes of the first file of form field `field`: 400 when there is none, or it is larger than
 * `maxBytes`. The form's other parts are skipped.
 */
const firstUpload = async <T>(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  take: (part: MultipartFile) => Promise<T>,
): Promise<T> => {
  let taken: { value: T } | undefined;
  const tooLarge = () => new HttpError(400, msg`The file is larger than ${sizeInWords(maxBytes)}`);
  try {
    for await (const part of formFiles(request, { limits: { fileSize: maxBytes } })) {
      if (part.fieldname !== field || taken) {
        part.file.resume();
        continue;
      }
      taken = { value: await take(part) };
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    throw error;
  }
  if (!taken) throw new HttpError(400, msg`No file in form field "${field}"`);
  return taken.value;
};

const empty = () => new HttpError(400, 'The file is empty');

/** The first file of form field `field`, in memory: 400 when there is none, it is empty or larger than `maxBytes`. */
export const readUpload = async (
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<Buffer> => {
  const buffer = await firstUpload(request, field, maxBytes, (part) => part.toBuffer());
  if (buffer.length === 0) throw empty();
  return buffer;
};

/**
 * What `use` makes of the first file of form field `field`, streamed to a file in the scratch directory (its path
 * given to `use`) rather than held: for uploads too large to hold, a game package of up to 512 MiB. The file is
 * removed after, whatever happens. 400 as `readUpload`.
 */
export const withUploadedFile = async <T>(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  use: (file: string) => Promise<T>,
): Promise<T> => {
  const dir = await mkdtemp(path.join(request.server.uploadScratch, scratchPrefix));
  try {
    const file = path.join(dir, 'upload');
    const size = await firstUpload(request, field, maxBytes, async (part) => {
      await pipeline(part.file, createWriteStream(file, { flags: 'wx' }));
      return (await stat(file)).size;
    });
    if (size === 0) throw empty();
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
