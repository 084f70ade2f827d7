// §2.7 Info: what any visitor may read about the platform.
import { routes } from '@pennon/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { mount } from '../http/mount.ts';
import { requestOrigin } from '../http/sign-in-step.ts';
import type { AccountService } from '../services/accounts.ts';
import type { ConfigStore } from '../services/config-store.ts';

export const infoApi = async (
  app: FastifyInstance,
  { config, accounts }: { config: ConfigStore; accounts: AccountService },
) => {
  mount(app, routes.info.config, async (request) => ({
    ...(await config.clientConfig()),
    passwordRecovery: await accounts.recoveryByMail(requestOrigin(request)),
    mailLinks: accounts.mailLinks(requestOrigin(request)),
  }));
};
