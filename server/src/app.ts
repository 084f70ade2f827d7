// Assembles the server from its plugins; nothing here listens, so tests can `inject` or listen on a free port.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accountApi } from './api/account.ts';
import { adminApi } from './api/admin.ts';
import { infoApi } from './api/info.ts';
import { teamApi } from './api/team.ts';
import type { Connection } from './db/database.ts';
import { auth } from './http/auth.ts';
import { errors } from './http/errors.ts';
import { health } from './http/health.ts';
import { openapi } from './http/openapi.ts';
import { hasWebBuild, spaFallback, web } from './http/web.ts';
import { AccountService } from './services/accounts.ts';
import { ConfigStore } from './services/config-store.ts';
import { SessionStore } from './services/sessions.ts';
import { TeamService } from './services/teams.ts';
import { UserAdminService } from './services/user-admin.ts';
import { UserStore } from './services/users.ts';
import type { Settings } from './settings.ts';
import { version } from './version.ts';

export interface AppOptions {
  settings: Settings;
  connection: Connection;
  logger?: FastifyServerOptions['logger'];
}

export const buildApp = async ({
  settings,
  connection,
  logger = false,
}: AppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger,
    // GZ::CTF matches routes case-insensitively; parameter values keep their case.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: true,
  });
  const config = new ConfigStore(connection.db, settings.portMapping);
  const sessions = new SessionStore(connection.db);
  const accounts = new AccountService(new UserStore(connection.db), config, sessions);
  const teams = new TeamService(connection.db);

  await app.register(errors, { webFallback: spaFallback(settings.webDir) });
  await app.register(openapi, { version });
  await app.register(health, { db: connection.db });
  await app.register(auth, { sessions });
  await app.register(infoApi, { config });
  await app.register(accountApi, { accounts, sessions });
  await app.register(teamApi, { teams });
  await app.register(adminApi, { config, teams, users: new UserAdminService(connection.db, sessions) });
  if (hasWebBuild(settings.webDir)) await app.register(web, { webDir: settings.webDir });

  app.addHook('onClose', async () => connection.db.destroy());
  return app;
};
