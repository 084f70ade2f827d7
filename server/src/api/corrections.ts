// Verdict corrections (issue #44, Pennon's): admins correct a judged submission or remove a team's solves for
// cheating; each change is audit-logged with its reason. A team's members read what corrections did to it.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import type { CorrectionService } from '../games/corrections.ts';
import { audit } from '../http/audit.ts';
import { callerOf } from '../http/auth.ts';
import { mount } from '../http/mount.ts';

export const correctionsApi = async (
  app: FastifyInstance,
  { corrections }: { corrections: CorrectionService },
) => {
  const { edit, game } = routes;
  mount(app, game.teamNotices, async (request) =>
    corrections.teamNotices(request.params.id, callerOf(request).id),
  );
  mount(app, edit.correctVerdict, async (request) => {
    const { id, submissionId } = request.params;
    const { from, team, challenge, ...result } = await corrections.correct(id, submissionId, request.body);
    if (result.changed)
      await audit(
        request,
        'Warning',
        `Corrected the verdict of submission #${submissionId} (team "${team}", challenge "${challenge}") in game #${id} from ${from} to ${result.status}: ${request.body.reason.trim()}`,
      );
    return result;
  });
  mount(app, edit.teamSolves, async (request) =>
    corrections.teamSolves(request.params.id, request.params.teamId),
  );
  mount(app, edit.removeTeamSolves, async (request) => {
    const { id, teamId } = request.params;
    const removed = await corrections.removeTeamSolves(id, teamId, request.body.reason);
    if (removed.solves > 0)
      await audit(
        request,
        'Warning',
        `Removed ${removed.solves} solve(s) of team "${removed.teamName}" in game #${id}: ${request.body.reason.trim()}`,
      );
    return removed;
  });
};
