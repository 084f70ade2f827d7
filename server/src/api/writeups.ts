// §2.6 the team's writeup, §2.2 the admin list and archive, §2.5 deleting all of a game's writeups.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type WriteupService, type WriteupUpload, writeupSizeLimit } from '../games/writeups.ts';
import { audit } from '../http/audit.ts';
import { callerOf } from '../http/auth.ts';
import { attachmentDisposition } from '../http/download.ts';
import { HttpError } from '../http/http-error.ts';
import { mount } from '../http/mount.ts';
import { formFiles } from '../http/uploads.ts';

/** The `file` part with its declared type and name (the PDF check needs both), ≤ 20 MiB. */
const readWriteup = async (request: FastifyRequest): Promise<WriteupUpload> => {
  let upload: WriteupUpload | undefined;
  try {
    for await (const part of formFiles(request, { limits: { fileSize: writeupSizeLimit } })) {
      if (part.fieldname === 'file' && !upload) {
        upload = { data: await part.toBuffer(), fileName: part.filename, contentType: part.mimetype };
      } else part.file.resume();
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw new HttpError(400, 'The file is larger than 20 MiB');
    }
    throw error;
  }
  if (!upload) throw new HttpError(400, 'No file in form field "file"');
  if (upload.data.length === 0) throw new HttpError(400, 'The file is empty');
  return upload;
};

export const writeupsApi = async (app: FastifyInstance, { writeups }: { writeups: WriteupService }) => {
  const { game, admin, edit } = routes;
  mount(app, game.writeup, async (request) => writeups.info(callerOf(request).id, request.params.id));
  mount(app, game.submitWriteup, async (request) => {
    const userId = callerOf(request).id;
    await writeups.submit(userId, request.params.id, await readWriteup(request));
    return undefined;
  });
  mount(app, admin.writeups, async (request) => writeups.list(request.params.id));
  mount(app, admin.downloadWriteups, async (request, reply) => {
    const { fileName, stream } = await writeups.archive(request.params.id);
    return reply
      .type('application/gzip')
      .header('content-disposition', attachmentDisposition(fileName))
      .send(stream);
  });
  mount(app, edit.deleteWriteups, async (request) => {
    await writeups.deleteAll(request.params.id);
    await audit(request, 'Information', `Deleted the writeups of game #${request.params.id}`);
    return undefined;
  });
};
