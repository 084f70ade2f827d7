// §2.9 Team: teams, their members and invite codes, and the participation-token check.
// The avatar upload lives in avatars.ts, with the user's.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../http/auth.ts';
import { mount } from '../http/mount.ts';
import { verifyTeamToken } from '../services/team-tokens.ts';
import type { TeamService } from '../services/teams.ts';

export const teamApi = async (app: FastifyInstance, { teams }: { teams: TeamService }) => {
  const { team } = routes;

  mount(app, team.get, async (request) => teams.get(request.params.id, request.query.game));

  mount(app, team.list, async (request) => teams.ofMember(callerOf(request).id));

  mount(app, team.create, async (request) => teams.create(callerOf(request).id, request.body));

  mount(app, team.update, async (request) =>
    teams.update(callerOf(request).id, request.params.id, request.body),
  );

  mount(app, team.transfer, async (request) =>
    teams.transfer(callerOf(request).id, request.params.id, request.body.newCaptainId),
  );

  mount(app, team.invite, async (request) => teams.inviteCode(callerOf(request).id, request.params.id));

  mount(app, team.refreshInvite, async (request) =>
    teams.refreshInviteCode(callerOf(request).id, request.params.id),
  );

  mount(app, team.kick, async (request) =>
    teams.kick(callerOf(request).id, request.params.id, request.params.userId),
  );

  mount(app, team.accept, async (request) => {
    await teams.accept(callerOf(request).id, request.body);
    return undefined;
  });

  mount(app, team.leave, async (request) => {
    await teams.leave(callerOf(request).id, request.params.id);
    return undefined;
  });

  mount(app, team.delete, async (request) => {
    await teams.delete(callerOf(request).id, request.params.id);
    return undefined;
  });

  mount(app, team.verify, async (request) => {
    verifyTeamToken(request.body);
    return undefined;
  });
};
