// Awards and penalties (issue #44, Pennon's): admins list, give, rewrite and delete them; each change is audit-logged.
import { routes, type ScoreAdjustmentModel } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import type { AdjustmentService } from '../games/adjustments.ts';
import { audit } from '../http/audit.ts';
import { callerOf } from '../http/auth.ts';
import { mount } from '../http/mount.ts';

const described = (a: ScoreAdjustmentModel): string =>
  `#${a.id} (${a.points > 0 ? '+' : ''}${a.points} to team "${a.teamName}": ${a.reason})`;

export const adjustmentsApi = async (
  app: FastifyInstance,
  { adjustments }: { adjustments: AdjustmentService },
) => {
  const { edit } = routes;
  mount(app, edit.adjustments, async (request) => adjustments.list(request.params.id));
  mount(app, edit.createAdjustment, async (request) => {
    const given = await adjustments.create(request.params.id, request.body, callerOf(request).id);
    await audit(request, 'Information', `Gave adjustment ${described(given)} in game #${request.params.id}`);
    return given;
  });
  mount(app, edit.updateAdjustment, async (request) => {
    const { id, adjustmentId } = request.params;
    const changed = await adjustments.update(id, adjustmentId, request.body, callerOf(request).id);
    await audit(request, 'Information', `Changed adjustment ${described(changed)} in game #${id}`);
    return changed;
  });
  mount(app, edit.deleteAdjustment, async (request) => {
    const { id, adjustmentId } = request.params;
    const deleted = await adjustments.delete(id, adjustmentId);
    await audit(request, 'Information', `Deleted adjustment ${described(deleted)} in game #${id}`);
    return undefined;
  });
};
