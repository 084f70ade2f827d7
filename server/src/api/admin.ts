// §2.2 Admin: the platform configuration, users and teams. The rest of the group comes with its features.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../http/audit.ts';
import { callerOf, refuseMintedToken } from '../http/auth.ts';
import { mount } from '../http/mount.ts';
import { requestOrigin } from '../http/sign-in-step.ts';
import { msg } from '../i18n/message.ts';
import type { AccountService } from '../services/accounts.ts';
import type { ConfigStore } from '../services/config-store.ts';
import type { TeamService } from '../services/teams.ts';
import type { UserAdminService } from '../services/user-admin.ts';

export interface AdminApiOptions {
  config: ConfigStore;
  accounts: AccountService;
  users: UserAdminService;
  teams: TeamService;
}

const mintedTokenRefusal = msg`A token issued by another token cannot create or change accounts`;

export const adminApi = async (app: FastifyInstance, { config, accounts, users, teams }: AdminApiOptions) => {
  const { admin } = routes;

  mount(app, admin.config, () => config.read());

  // The contract schema already refused out-of-range values with a 400 envelope.
  mount(app, admin.updateConfig, async (request) => {
    if (request.body.accountPolicy)
      accounts.requireWorkable(request.body.accountPolicy, requestOrigin(request));
    await config.update(request.body);
    await audit(request, 'Information', 'Changed the platform configuration');
    return undefined;
  });

  // Paging defaults are applied by the contract schema; they are restated only for the types.
  mount(app, admin.users, async (request) => {
    const { count = 100, skip = 0, field, value } = request.query;
    return users.page(count, skip, field === undefined ? undefined : { key: field, value: value ?? '' });
  });

  mount(app, admin.createUsers, async (request) => {
    refuseMintedToken(request, mintedTokenRefusal);
    await users.createBatch(request.body);
    await audit(request, 'Information', `Created or updated ${request.body.length} users`);
    return undefined;
  });

  mount(app, admin.searchUsers, async (request) => users.search(request.query.hint));

  mount(app, admin.user, async (request) => users.profile(request.params.userid));

  mount(app, admin.updateUser, async (request) => {
    refuseMintedToken(request, mintedTokenRefusal);
    await users.update(request.params.userid, request.body);
    await audit(request, 'Information', `Changed user ${request.params.userid}`);
    return undefined;
  });

  mount(app, admin.resetPassword, async (request) => {
    refuseMintedToken(request, mintedTokenRefusal);
    const password = await users.resetPassword(request.params.userid);
    await audit(request, 'Information', `Reset the password of user ${request.params.userid}`);
    return password;
  });

  mount(app, admin.deleteUser, async (request) => {
    await users.delete(callerOf(request).id, request.params.userid);
    await audit(request, 'Information', `Deleted user ${request.params.userid}`);
    return undefined;
  });

  mount(app, admin.teams, async (request) => {
    const { count = 100, skip = 0 } = request.query;
    return teams.page(count, skip);
  });

  mount(app, admin.searchTeams, async (request) => teams.search(request.query.hint));

  mount(app, admin.updateTeam, async (request) => {
    await teams.adminUpdate(request.params.id, request.body);
    await audit(request, 'Information', `Changed team ${request.params.id}`);
    return undefined;
  });

  mount(app, admin.deleteTeam, async (request) => {
    await teams.adminDelete(request.params.id);
    await audit(request, 'Information', `Deleted team ${request.params.id}`);
    return undefined;
  });
};
