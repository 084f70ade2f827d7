// Sign-in beside the password (providers, passkeys, second factors): its services, built once, and the three
// plugins serving them. Answers the sign-in service GZ::CTF's password login consults.
import { configDefaults } from '@pennon/sdk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { requestOrigin } from '../http/sign-in-step.ts';
import type { AccountService } from '../services/accounts.ts';
import type { ConfigStore } from '../services/config-store.ts';
import { Enrolment } from '../services/enrolment.ts';
import { ExternalSignIn } from '../services/external-sign-in.ts';
import { Identities } from '../services/identities.ts';
import { OidcClient } from '../services/oidc-client.ts';
import { OidcProviders } from '../services/oidc-providers.ts';
import { PasskeyStore, relyingPartyOf } from '../services/passkeys.ts';
import type { PlatformSecrets } from '../services/platform-secrets.ts';
import { RecoveryCodes } from '../services/recovery-codes.ts';
import type { RegistrationFieldService } from '../services/registration-fields.ts';
import { Sealer } from '../services/sealing.ts';
import type { SessionStore } from '../services/sessions.ts';
import { SignInService } from '../services/sign-in.ts';
import { SignInAdmin } from '../services/sign-in-admin.ts';
import { SignInFlows } from '../services/sign-in-flows.ts';
import { TotpStore } from '../services/totp.ts';
import { UserMethods } from '../services/user-methods.ts';
import type { UserStore } from '../services/users.ts';
import type { Settings } from '../settings.ts';
import { securityApi } from './security.ts';
import { signInApi } from './signin.ts';
import { signInAdminApi } from './signin-admin.ts';

export interface SignInSetup {
  db: Kysely<Database>;
  settings: Settings;
  config: ConfigStore;
  secrets: PlatformSecrets;
  users: UserStore;
  accounts: AccountService;
  sessions: SessionStore;
  fields: RegistrationFieldService;
}

export const registerSignIn = async (app: FastifyInstance, setup: SignInSetup): Promise<SignInService> => {
  const { db, settings, config, secrets, users, accounts, sessions, fields } = setup;
  const methods = new UserMethods(
    db,
    config,
    new OidcProviders(db, new Sealer(secrets, 'oidc-secret-seal'), settings.oidc),
    new Identities(db),
    new PasskeyStore(db),
    new TotpStore(db, new Sealer(secrets, 'totp-seal')),
    new RecoveryCodes(db),
  );
  const allowRegister = async () => (await config.read()).accountPolicy.allowRegister;
  const platformName = async () => (await config.read()).globalConfig.title || configDefaults.title;
  const signIn = new SignInService(users, accounts, methods, new SignInFlows(db), allowRegister);
  const external = new ExternalSignIn(users, signIn, new OidcClient(), fields);
  const shared = {
    sessions,
    external,
    publicUrl: settings.publicUrl,
    relyingParty: async (request: FastifyRequest) =>
      relyingPartyOf(settings.publicUrl, requestOrigin(request), await platformName()),
  };
  await app.register(signInApi, { ...shared, signIn });
  await app.register(securityApi, { ...shared, enrolment: new Enrolment(users, signIn, platformName) });
  await app.register(signInAdminApi, { ...shared, admin: new SignInAdmin(users, config, methods) });
  return signIn;
};
