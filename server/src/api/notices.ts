// §2.5 notices (admin: Normal ones only are editable) and §2.6 `GET /api/game/{id}/notices` (ETag'd by `mount`).
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import type { NoticeService } from '../games/notices.ts';
import { audit } from '../http/audit.ts';
import { mount } from '../http/mount.ts';

export const noticesApi = async (app: FastifyInstance, { notices }: { notices: NoticeService }) => {
  const { edit, game } = routes;
  mount(app, edit.createNotice, async (request) => {
    const notice = await notices.create(request.params.id, request.body.content);
    await audit(request, 'Information', `Published notice #${notice.id} in game #${request.params.id}`);
    return notice;
  });
  mount(app, edit.notices, async (request) => notices.listNormal(request.params.id));
  mount(app, edit.updateNotice, async (request) =>
    notices.update(request.params.id, request.params.noticeId, request.body.content),
  );
  mount(app, edit.deleteNotice, async (request) => {
    await notices.delete(request.params.id, request.params.noticeId);
    return undefined;
  });
  mount(app, game.notices, async (request) => {
    const { count = 100, skip = 0 } = request.query;
    return notices.list(request.params.id, count, skip);
  });
};
