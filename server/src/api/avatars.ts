// §2.1, §2.9: the avatar uploads of a user and of a team.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../http/auth.ts';
import { mount } from '../http/mount.ts';
import { imageUploadLimit, readUpload } from '../http/uploads.ts';
import type { AvatarService } from '../services/avatars.ts';

export const avatarsApi = async (app: FastifyInstance, { avatars }: { avatars: AvatarService }) => {
  mount(app, routes.account.updateAvatar, async (request) =>
    avatars.setUserAvatar(callerOf(request).id, await readUpload(request, 'file', imageUploadLimit)),
  );

  mount(app, routes.team.updateAvatar, async (request) =>
    avatars.setTeamAvatar(callerOf(request).id, request.params.id, () =>
      readUpload(request, 'file', imageUploadLimit),
    ),
  );
};
