// Hints with a cost (issue #44, Pennon's): admins list, add, rewrite and delete a challenge's titled hints; a player
// unlocks one for the team. Each change and each charged unlock is audit-logged.
import { type HintEditModel, routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import type { HintService } from '../games/hints.ts';
import { audit } from '../http/audit.ts';
import { callerOf } from '../http/auth.ts';
import { mount } from '../http/mount.ts';

const described = (h: HintEditModel): string =>
  `#${h.id} "${h.title}" (${h.cost === 0 ? 'free' : `${h.cost}${h.costKind === 'Percent' ? ' %' : ' points'}`})`;

export const hintsApi = async (app: FastifyInstance, { hints }: { hints: HintService }) => {
  const { edit, game } = routes;
  mount(app, edit.hints, async (request) => hints.list(request.params.id, request.params.cId));
  mount(app, edit.createHint, async (request) => {
    const { id, cId } = request.params;
    const added = await hints.create(id, cId, request.body);
    await audit(request, 'Information', `Added hint ${described(added)} to challenge #${cId} of game #${id}`);
    return added;
  });
  mount(app, edit.updateHint, async (request) => {
    const { id, cId, hintId } = request.params;
    const changed = await hints.update(id, cId, hintId, request.body);
    await audit(
      request,
      'Information',
      `Changed hint ${described(changed)} of challenge #${cId} of game #${id}`,
    );
    return changed;
  });
  mount(app, edit.deleteHint, async (request) => {
    const { id, cId, hintId } = request.params;
    const deleted = await hints.delete(id, cId, hintId);
    await audit(
      request,
      'Information',
      `Deleted hint ${described(deleted)} of challenge #${cId} of game #${id}, refunding ${deleted.unlockCount} teams`,
    );
    return undefined;
  });
  mount(app, game.unlockHint, async (request) => {
    const { id, challengeId, hintId } = request.params;
    const unlock = await hints.unlock(callerOf(request).id, id, challengeId, hintId);
    if (unlock.charged !== undefined) {
      await audit(
        request,
        'Information',
        `Team "${unlock.teamName}" unlocked hint #${hintId} "${unlock.hint.title}" of challenge ` +
          `#${challengeId} "${unlock.challengeTitle}" in game #${id} for ${unlock.charged} points`,
      );
    }
    return unlock.hint;
  });
};
